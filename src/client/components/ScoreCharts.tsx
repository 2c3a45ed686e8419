import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
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
