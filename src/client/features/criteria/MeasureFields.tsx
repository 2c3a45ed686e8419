import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ATTEMPT_MODES,
  DIRECTION_LABELS,
  DIRECTIONS,
  MAX_ATTEMPTS,
  MAX_DECIMALS,
  MEASURE_UNITS,
  PERCENTILE_MIN_PLAYERS,
  UNIT_LABELS,
  UNIT_SUFFIX,
  type AttemptMode,
} from '../../../shared/scoring';
import { ErrorTip } from '../../components/ErrorTip';
import classes from './criteria.module.css';
import { blankBand, type MeasureValues } from './measure-form';

const ATTEMPT_LABELS: Record<AttemptMode, string> = { best: 'Best of N', mean: 'Mean of N', single: 'A single value' };

type Form = UseFormReturnType<{ measure: MeasureValues } & Record<string, unknown>>;

/**
 * A measured criterion's test and points rule (docs/product.md#measured-criteria): the unit, how it is
 * read, and the bands (per age group or for all ages) that turn a value into 1–10 points.
 */
export function MeasureFields({
  form,
  locked,
}: {
  form: Form;
  /** Unit and direction are fixed once values are stored. */ locked: boolean;
}) {
  const m = form.values.measure;
  const err = (path: string) => form.errors[`measure.${path}`];
  const num = (path: string) => {
    const { error: _tip, ...props } = form.getInputProps(`measure.${path}`);
    return { ...props, error: !!err(path), hideControls: true, clampBehavior: 'none' as const, inputMode: 'decimal' as const };
  };
  const shots = m.unit === 'made_of_attempts';
  const unitText = shots ? '% made' : UNIT_SUFFIX[m.unit] || 'count';
  const setAt = (i: number) => (i === 0 && m.rule.bandSets.length === 1 ? '' : ` (${m.rule.bandSets[i]!.ageGroup || 'all ages'})`);

  return (
    <Fieldset legend="Measured test" variant="filled">
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <ErrorTip error={err('unit')}>
            <Select
              label="Unit"
              withAsterisk
              allowDeselect={false}
              disabled={locked}
              data={MEASURE_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('measure.unit')}
              error={!!err('unit')}
            />
          </ErrorTip>
          <ErrorTip error={err('direction')}>
            <Select
              label="Better is"
              withAsterisk
              allowDeselect={false}
              disabled={locked}
              data={DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('measure.direction')}
              error={!!err('direction')}
            />
          </ErrorTip>
        </Group>
        {locked ? (
          <Text size="xs" className={classes.muted}>
            Unit and direction cannot change once values are stored.
          </Text>
        ) : null}
        <Group grow align="flex-start" wrap="wrap">
          <ErrorTip error={err('decimals')}>
            <NumberInput label="Decimals" min={0} max={MAX_DECIMALS} allowDecimal={false} {...num('decimals')} />
          </ErrorTip>
          {shots ? null : (
            <ErrorTip error={err('min')}>
              <NumberInput label={`Lowest valid (${unitText})`} min={0} {...num('min')} />
            </ErrorTip>
          )}
          <ErrorTip error={err('max')}>
            <NumberInput label={shots ? 'Most shots per attempt' : `Highest valid (${unitText})`} min={0} {...num('max')} />
          </ErrorTip>
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <ErrorTip error={err('attempts')}>
            <Select
              label="Attempts"
              allowDeselect={false}
              data={ATTEMPT_MODES.map((a) => ({ value: a, label: ATTEMPT_LABELS[a] }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('measure.attempts')}
              onChange={(v) => {
                form.setFieldValue('measure.attempts', (v ?? 'single') as AttemptMode);
                if (v === 'single') form.setFieldValue('measure.attemptCount', 1);
                else if (m.attemptCount === 1) form.setFieldValue('measure.attemptCount', 2);
              }}
              error={!!err('attempts')}
            />
          </ErrorTip>
          {m.attempts === 'single' ? null : (
            <ErrorTip error={err('attemptCount')}>
              <NumberInput label="How many attempts" min={1} max={MAX_ATTEMPTS} allowDecimal={false} {...num('attemptCount')} />
            </ErrorTip>
          )}
        </Group>

        <ErrorTip error={err('rule.method')}>
          <Radio.Group label="Points rule" {...form.getInputProps('measure.rule.method')}>
            <Stack gap={6} mt={4}>
              <Radio value="bands" label="Bands the club writes" size="md" />
              <Radio value="percentile" label="Percentiles within the age group" size="md" />
            </Stack>
          </Radio.Group>
        </ErrorTip>
        <Text size="sm" className={classes.muted}>
          {m.rule.method === 'percentile'
            ? `Percentiles apply only when at least ${PERCENTILE_MIN_PLAYERS} players of the age group are measured; until then the bands below apply.`
            : 'A value earns the most points whose limit it meets; a value that meets none earns 1 point.'}
        </Text>
        {err('rule.bandSets') ? (
          <Text c="red" size="sm" role="alert">
            {err('rule.bandSets')}
          </Text>
        ) : null}

        {m.rule.bandSets.map((set, i) => (
          <Fieldset key={i} legend={`Bands${setAt(i)}`} p="xs">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <ErrorTip error={err(`rule.bandSets.${i}.ageGroup`)} style={{ flex: 1 }}>
                  <TextInput
                    label="Age group"
                    description="e.g. U14; empty for all ages"
                    classNames={{ description: classes.muted }}
                    {...form.getInputProps(`measure.rule.bandSets.${i}.ageGroup`)}
                    error={!!err(`rule.bandSets.${i}.ageGroup`)}
                  />
                </ErrorTip>
                {m.rule.bandSets.length > 1 ? (
                  <ActionIcon
                    size={44}
                    variant="subtle"
                    color="red"
                    aria-label={`Remove the bands for ${set.ageGroup || 'all ages'}`}
                    onClick={() => form.removeListItem('measure.rule.bandSets', i)}
                  >
                    <IconTrash size={20} />
                  </ActionIcon>
                ) : null}
              </Group>
              <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Points</Table.Th>
                    <Table.Th>{m.direction === 'lower' ? `At most (${unitText})` : `At least (${unitText})`}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Remove</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {set.bands.map((_, j) => (
                    <Table.Tr key={j}>
                      <Table.Td w="35%">
                        <NumberInput
                          aria-label={`Points, band ${j + 1}${setAt(i)}`}
                          min={1}
                          max={10}
                          allowDecimal={false}
                          {...num(`rule.bandSets.${i}.bands.${j}.points`)}
                          error={!!err(`rule.bandSets.${i}.bands`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Limit, band ${j + 1}${setAt(i)}`}
                          {...num(`rule.bandSets.${i}.bands.${j}.limit`)}
                          error={!!err(`rule.bandSets.${i}.bands`)}
                        />
                      </Table.Td>
                      <Table.Td w={52}>
                        <ActionIcon
                          size={44}
                          variant="subtle"
                          color="gray"
                          disabled={set.bands.length === 1}
                          aria-label={`Remove band ${j + 1}${setAt(i)}`}
                          onClick={() => form.removeListItem(`measure.rule.bandSets.${i}.bands`, j)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {err(`rule.bandSets.${i}.bands`) ? (
                <Text c="red" size="sm" role="alert">
                  {err(`rule.bandSets.${i}.bands`)}
                </Text>
              ) : null}
              {set.bands.length < 10 ? (
                <Button
                  variant="subtle"
                  h={44}
                  leftSection={<IconPlus size={16} />}
                  onClick={() => form.insertListItem(`measure.rule.bandSets.${i}.bands`, blankBand())}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Add band{setAt(i)}
                </Button>
              ) : null}
            </Stack>
          </Fieldset>
        ))}
        <Button
          variant="light"
          h={44}
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('measure.rule.bandSets', { ageGroup: '', bands: [blankBand()] })}
          style={{ alignSelf: 'flex-start' }}
        >
          Add an age group
        </Button>
      </Stack>
    </Fieldset>
  );
}
