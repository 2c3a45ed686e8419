import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Stack, Table } from '@mantine/core';
import { formatPercent } from '../../shared/scoring';
import { EmptyState } from './EmptyState';

/**
 * Charts of scores shared by the staff analysis pages and the family portal. Its chunk travels with the
 * charts library (build/vite.chunks.ts), so the screens without a chart never load it.
 */

export const percentLabel = (v: number) => `${formatPercent(v)}%`;

/** Score over time (one point per evaluation date). `tick` shortens the dates under the axis. */
export function TimelineChart({
  points,
  label,
  className,
  tick,
  h = 240,
}: {
  points: { date: string; score: number }[];
  label: string;
  className?: string;
  tick?: (date: string) => string;
  h?: number;
}) {
  if (points.length === 0) return <EmptyState />;
  return (
    <LineChart
      className={className}
      h={h}
      data={points}
      dataKey="date"
      series={[{ name: 'score', label, color: 'indigo.6' }]}
      valueFormatter={percentLabel}
      curveType="monotone"
      withDots={points.length < 40}
      xAxisProps={{ minTickGap: 24, ...(tick ? { tickFormatter: tick } : {}) }}
      yAxisProps={{ width: 48 }}
      role="img"
      aria-label={`${label} over time`}
    />
  );
}

export interface GapRowView {
  criterionId: number;
  label: string;
  self: number | null;
  coach: number | null;
  gap: number | null;
}

const pctOrDash = (v: number | null) => (v === null ? '–' : percentLabel(v));
const gapText = (g: number | null) => (g === null ? '–' : `${g > 0 ? '+' : ''}${formatPercent(g)}`);

/**
 * A self-assessment beside the coach's scores (docs/product.md#self-assessment): bars per criterion,
 * largest gaps first (the server's order), and the same figures as a table for screen readers and
 * small screens. `selfLabel` is "You" in the player area, "Player" elsewhere.
 */
export function GapComparison({ rows, selfLabel, caption }: { rows: GapRowView[]; selfLabel: string; caption: string }) {
  if (rows.length === 0) return <EmptyState />;
  const chartRows = rows.filter((r) => r.self !== null && r.coach !== null);
  return (
    <Stack gap="sm">
      {chartRows.length > 0 && (
        <BarChart
          h={Math.max(160, chartRows.length * 64 + 48)}
          data={chartRows.map((r) => ({ label: r.label, self: r.self, coach: r.coach }))}
          dataKey="label"
          orientation="vertical"
          series={[
            { name: 'self', label: selfLabel, color: 'teal.7' },
            { name: 'coach', label: 'Coach', color: 'indigo.7' },
          ]}
          withLegend
          valueFormatter={percentLabel}
          yAxisProps={{ width: 110 }}
          xAxisProps={{ domain: [0, 100] }}
          role="img"
          aria-label={`${caption}: bar chart of ${selfLabel.toLowerCase()} and coach per criterion, largest gap first`}
        />
      )}
      <Table.ScrollContainer minWidth={280}>
        <Table striped>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Criterion</Table.Th>
              <Table.Th scope="col">{selfLabel}</Table.Th>
              <Table.Th scope="col">Coach</Table.Th>
              <Table.Th scope="col">Gap</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.criterionId}>
                <Table.Th scope="row" fw={500}>
                  {r.label}
                </Table.Th>
                <Table.Td>{pctOrDash(r.self)}</Table.Td>
                <Table.Td>{pctOrDash(r.coach)}</Table.Td>
                <Table.Td>{gapText(r.gap)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
