/**
 * The app's one clock: every "now" and "today" of server and client is read here, so a test moves
 * them all at once (`setClock`) and nothing depends on the calendar the suite happens to run on.
 * The clock keeps running from the moment it is set, so expiries and timers still behave.
 */
let offsetMs = 0;

export const nowMs = (): number => Date.now() + offsetMs;
export const now = (): Date => new Date(nowMs());
/** ISO-8601 UTC timestamp text, the one stored representation on both databases. */
export const nowIso = (): string => now().toISOString();
/** Today's date (YYYY-MM-DD) in UTC, as stored dates are. */
export const todayDate = (): string => nowIso().slice(0, 10);
/** The UTC date `days` after (or before, when negative) `from`. */
export const dayOffset = (days: number, from: Date = now()): string =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Moves the clock to `at` (it runs on from there); `null` puts it back on the system clock. */
export function setClock(at: string | number | Date | null): void {
  offsetMs = at === null ? 0 : new Date(at).getTime() - Date.now();
}
