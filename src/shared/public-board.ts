/**
 * The anonymous boards offer a fixed set of periods and whole levels instead of free dates and
 * criteria: a bounded set of boards the server keeps cached, so visitors cannot make it compute a new
 * aggregate per request (docs/product.md#public-leaderboard).
 */
export const PUBLIC_PERIODS = { all: 'All time', '12m': 'Last 12 months', '90d': 'Last 90 days', '30d': 'Last 30 days' } as const;
export type PublicPeriod = keyof typeof PUBLIC_PERIODS;
const PERIOD_DAYS: Record<PublicPeriod, number | null> = { all: null, '12m': 365, '90d': 90, '30d': 30 };

/** The first day of a public period that ends today (inclusive); undefined for all time. */
export function publicPeriodStart(period: PublicPeriod, today: string): string | undefined {
  const days = PERIOD_DAYS[period];
  if (days === null) return undefined;
  return new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}
