// Kept apart from the dashboard schema so the staff start page reads it without loading zod.

/** docs/product.md#dashboard: a player with no evaluation dated within this many days counts as waiting for one. */
export const STALE_AFTER_DAYS = 90;

/** The first day that still counts as recent for `today`. */
export function staleSince(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - STALE_AFTER_DAYS * 86_400_000).toISOString().slice(0, 10);
}
