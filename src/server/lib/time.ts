/** ISO-8601 UTC timestamp text, the one stored representation on both databases (ADR 0002). */
export const nowIso = (): string => new Date().toISOString();
export const todayDate = (): string => new Date().toISOString().slice(0, 10);
export const addMinutes = (iso: string, minutes: number): string => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
