import dayjs from 'dayjs';
import type { TimelinePoint } from '../../../shared/schemas/leaderboard';
import { formatPercent } from '../../../shared/scoring';

/** The words of the child's progress block (docs/product.md#families), kept apart from the charts so they are tested alone. */

export const longDate = (d: string) => dayjs(d).format('MMM D, YYYY');

/** Dates under the chart's axis: the day when every point falls in one year, else the month and year. */
export function axisDate(points: readonly TimelinePoint[]): (d: string) => string {
  const oneYear = new Set(points.map((p) => p.date.slice(0, 4))).size <= 1;
  return (d) => dayjs(d).format(oneYear ? 'MMM D' : 'MMM YYYY');
}

/** One sentence on the total over time: where it started, where it is now, and which way it went. */
export function progressReading(points: readonly TimelinePoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No evaluations yet.';
  const now = `${formatPercent(last.score)}%`;
  if (points.length === 1) return `First evaluated on ${longDate(last.date)}: total score ${now}.`;
  const then = `${formatPercent(first.score)}%`;
  if (then === now) return `Unchanged at ${now} since ${longDate(first.date)}.`;
  const way = last.score > first.score ? 'Up' : 'Down';
  return `${way} from ${then} on ${longDate(first.date)} to ${now} on ${longDate(last.date)}.`;
}
