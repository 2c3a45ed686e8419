import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { percentLabel as pct } from '../../components/ScoreCharts';

/** `className` adds to the card's own, e.g. `analysis-no-print` for a card the printed report card leaves out. */
export function ChartCard({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Paper withBorder p="md" radius="md" className={className ? `analysis-card ${className}` : 'analysis-card'}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Grouped bars: this player (or team) against the comparison, by level or criterion. */
export function ComparisonChart({
  data,
  series,
  horizontal = false,
  label,
}: {
  data: Record<string, string | number | null>[];
  series: { name: string; color: string }[];
  horizontal?: boolean;
  label: string;
}) {
  if (data.length === 0) return <EmptyState />;
  return (
    <BarChart
      className={horizontal ? 'analysis-chart analysis-chart-tall' : 'analysis-chart'}
      h={horizontal ? Math.max(200, data.length * 44) : 240}
      data={data}
      dataKey="name"
      series={series}
      orientation={horizontal ? 'vertical' : 'horizontal'}
      valueFormatter={pct}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisProps={horizontal ? { width: 110 } : { width: 48 }}
      role="img"
      aria-label={label}
    />
  );
}

export function DistributionChart({ buckets }: { buckets: { label: string; players: number }[] }) {
  if (buckets.every((b) => b.players === 0)) return <EmptyState />;
  // Whole-player ticks chosen here: left to the chart, small counts came out as 0, 1, 2, 4, 4.
  const max = Math.max(...buckets.map((b) => b.players));
  const step = Math.max(1, Math.ceil(max / 4));
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return (
    <BarChart
      className="analysis-chart"
      h={220}
      data={buckets.map((b) => ({ name: b.label.replace('%', ''), Players: b.players }))}
      dataKey="name"
      series={[{ name: 'Players', color: 'teal.6' }]}
      xAxisProps={{ interval: 0, angle: -35, textAnchor: 'end', height: 50, fontSize: 11 }}
      yAxisProps={{ allowDecimals: false, width: 32, domain: [0, top], ticks }}
      barChartProps={{ margin: { top: 10 } }}
      xAxisLabel="Total score (%)"
      role="img"
      aria-label="Distribution of player totals"
    />
  );
}
