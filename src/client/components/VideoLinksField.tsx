import { Anchor, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ErrorTip } from './ErrorTip';

interface Props {
  values: string[];
  errors: (string | undefined)[];
  onChange: (values: string[]) => void;
}

/** docs/product.md#validation: a new video link only once the last is filled; Remove when there is more than one. */
export function VideoLinksField({ values, errors, onChange }: Props) {
  const set = (i: number, v: string) => onChange(values.map((x, j) => (j === i ? v : x)));
  const lastFilled = (values[values.length - 1] ?? '').trim() !== '';
  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Text component="span" size="sm" fw={500}>
          Video Links
        </Text>
      }
    >
      <Stack gap={6} mt={4}>
        {values.map((value, i) => (
          <Group key={i} gap="xs" wrap="nowrap">
            <ErrorTip error={errors[i]}>
              <TextInput
                aria-label={`Video link ${i + 1}`}
                placeholder="https://www.youtube.com/watch?v=…"
                type="url"
                inputMode="url"
                value={value}
                error={!!errors[i]}
                style={{ flex: 1 }}
                onChange={(e) => set(i, e.currentTarget.value)}
              />
            </ErrorTip>
            {values.length > 1 ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="red.8"
                py={8}
                aria-label={`Remove video link ${i + 1}`}
                onClick={() => onChange(values.filter((_, j) => j !== i))}
              >
                Remove
              </Anchor>
            ) : null}
          </Group>
        ))}
        {lastFilled ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => onChange([...values, ''])}
          >
            Add another video link
          </Button>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
