import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DIRECTION_LABELS, PROGRESS_WORDS, UNIT_SUFFIX, formatMeasure, roundTo } from '../../../shared/scoring';
import type { MeasuredSeries } from '../../../shared/schemas/leaderboard';
import { EmptyState } from '../../components/EmptyState';
import { ProgressWord } from './ProgressWord';

/**
 * docs/product.md#analysis: each measured test the player has values of, over time, in its unit, with
 * the points beside each value and the real change of the last two against the test's typical error.
 * A lower-is-better test's axis is reversed, so better is always up.
 */
export default function MeasuredHistory({ series }: { series: MeasuredSeries[] }) {
  if (series.length === 0) return <EmptyState />;
  return (
    <Stack gap="xl">
      {series.map((s) => (
        <MeasuredTest key={s.criterionId} s={s} />
      ))}
    </Stack>
  );
}

const unitText = (s: MeasuredSeries) => (s.unit === 'made_of_attempts' ? '% made' : UNIT_SUFFIX[s.unit]);
const valueText = (s: MeasuredSeries, v: number) => formatMeasure(s, v);
const changeText = (s: MeasuredSeries, change: number) => {
  const sign = change > 0 ? '+' : change < 0 ? '-' : '±';
  const abs = roundTo(Math.abs(change), s.decimals).toFixed(s.decimals);
  const unit = s.unit === 'made_of_attempts' ? '%' : UNIT_SUFFIX[s.unit];
  return `${sign}${abs}${unit ? ` ${unit}` : ''}`;
};

interface Row {
  date: string;
  value: number;
  label: string;
}

function PointTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: Row }[] }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="sm" fw={600}>
        {row.date}
      </Text>
      <Text size="sm">{row.label}</Text>
    </Paper>
  );
}

function MeasuredTest({ s }: { s: MeasuredSeries }) {
  const unit = unitText(s);
  const title = `${s.name}${unit ? ` (${unit})` : ''}`;
  const direction = DIRECTION_LABELS[s.direction];
  const headingId = `measured-${s.criterionId}`;
  const last = s.points.at(-1)!;
  const before = s.points.at(-2);
  return (
    <section aria-labelledby={headingId} data-testid={`measured-${s.criterionId}`}>
      <Title order={3} size="h5" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="gray.7" mb="xs">
        <span aria-hidden="true">{s.direction === 'lower' ? '↓ ' : '↑ '}</span>
        {direction}
        {s.direction === 'lower' ? ': the axis is reversed, so better is up.' : '.'}
      </Text>
      <LineChart
        className="analysis-chart"
        h={200}
        data={s.points.map((p) => ({ date: p.date, value: p.value, label: p.label }))}
        dataKey="date"
        series={[{ name: 'value', label: title, color: 'indigo.6' }]}
        valueFormatter={(v) => valueText(s, v)}
        curveType="linear"
        withDots
        xAxisProps={{ minTickGap: 24 }}
        yAxisProps={{ width: 64, reversed: s.direction === 'lower', domain: ['auto', 'auto'], tickCount: 3 }}
        lineChartProps={{ margin: { top: 12, bottom: 4 } }}
        tooltipProps={{ content: PointTooltip }}
        role="img"
        aria-label={`${title} over time, ${direction.toLowerCase()}`}
      />
      <Table.ScrollContainer minWidth={300} mt="sm">
        <Table striped fz="sm" verticalSpacing={4}>
          <Table.Caption>{`${title} by date, with points`}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col" ta="right">
                {unit ? `Value (${unit})` : 'Value'}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Points
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Change
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.points.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                  {p.date}
                </Table.Th>
                <Table.Td ta="right">{roundTo(p.value, s.decimals).toFixed(s.decimals)}</Table.Td>
                <Table.Td ta="right">{p.points}</Table.Td>
                <Table.Td ta="right">
                  {p.change === null || p.progress === null ? 'first' : `${changeText(s, p.change)} · ${PROGRESS_WORDS[p.progress]}`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {before && last.change !== null && last.progress !== null ? (
        <Group gap="xs" mt="xs" wrap="wrap" data-testid="measured-latest">
          <Text size="sm">
            Latest change: {changeText(s, last.change)} ({valueText(s, before.value)} → {valueText(s, last.value)})
          </Text>
          <ProgressWord progress={{ progress: last.progress, swc: s.swc, swcSource: s.swcSource }} measure={s} />
        </Group>
      ) : (
        <Text size="sm" c="gray.7" mt="xs">
          One measurement so far: the next one shows the change.
        </Text>
      )}
    </section>
  );
}
