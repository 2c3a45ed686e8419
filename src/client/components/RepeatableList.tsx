import { Anchor, Autocomplete, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { ErrorTip } from './ErrorTip';

interface Props {
  label: string;
  /** Accessible name of one entry: `${itemLabel} ${n}`. */
  itemLabel: string;
  addLabel: string;
  values: string[];
  errors: (string | undefined)[];
  onChange: (values: string[]) => void;
  required?: boolean;
  placeholder?: string;
  suggestions?: string[];
  /** Styles of each entry's input (e.g. keeping an invalid entry's text readable). */
  inputStyles?: { input: CSSProperties };
}

/**
 * docs/product.md#screens: a repeatable list shows Remove on each entry when it has more than one, and its
 * 'Add another …' button only once the last entry is filled.
 */
export function RepeatableList({
  label,
  itemLabel,
  addLabel,
  values,
  errors,
  onChange,
  required,
  placeholder,
  suggestions,
  inputStyles,
}: Props) {
  const set = (i: number, v: string) => onChange(values.map((x, j) => (j === i ? v : x)));
  const remove = (i: number) => onChange(values.filter((_, j) => j !== i));
  const lastFilled = (values[values.length - 1] ?? '').trim() !== '';

  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Text component="span" size="sm" fw={500}>
          {label}
          {required ? (
            <Text component="span" c="red" aria-hidden>
              {' '}
              *
            </Text>
          ) : null}
        </Text>
      }
    >
      <Stack gap={6} mt={4}>
        {values.map((value, i) => {
          const common = {
            'aria-label': `${itemLabel} ${i + 1}`,
            value,
            placeholder,
            error: !!errors[i],
            styles: inputStyles,
          };
          return (
            <Group key={i} gap="xs" wrap="nowrap" align="center">
              <ErrorTip error={errors[i]} style={{ flex: 1 }}>
                {suggestions ? (
                  <Autocomplete {...common} data={suggestions} onChange={(v) => set(i, v)} />
                ) : (
                  <TextInput {...common} type="url" inputMode="url" onChange={(e) => set(i, e.currentTarget.value)} />
                )}
              </ErrorTip>
              {values.length > 1 ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  c="red.8"
                  onClick={() => remove(i)}
                  aria-label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`}
                  py={8}
                >
                  Remove
                </Anchor>
              ) : null}
            </Group>
          );
        })}
        {lastFilled ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...values, ''])}
            style={{ alignSelf: 'flex-start' }}
          >
            {addLabel}
          </Button>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
