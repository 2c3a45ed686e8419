export { dayOffset, now, nowIso, nowMs, setClock, todayDate } from '../../shared/clock.js';

export const addMinutes = (iso: string, minutes: number): string => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
