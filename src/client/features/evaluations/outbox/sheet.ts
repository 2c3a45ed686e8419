import type { OutboxEntry } from './store';
import { KEEP_SYNCED_MS } from './sync';
import { nowMs } from '../../../../shared/clock.js';

/** The latest entry per player of one courtside sheet (team × criterion), for its rows' state. */
export function latestPerPlayer(
  entries: readonly OutboxEntry[],
  teamId: number,
  criterionId: number,
  now = nowMs(),
): Map<number, OutboxEntry> {
  const latest = new Map<number, OutboxEntry>();
  for (const e of entries) {
    if (e.team_id !== teamId || e.criteria_id !== criterionId) continue;
    if (e.state === 'synced' && now - Date.parse(e.updated_at) > KEEP_SYNCED_MS) continue;
    const seen = latest.get(e.player_id);
    if (!seen || e.recorded_at > seen.recorded_at) latest.set(e.player_id, e);
  }
  return latest;
}

/** A client id per evaluation; randomUUID needs a secure context, a club server on plain http may not be one. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface SheetCounts {
  local: number;
  syncing: number;
  synced: number;
  refused: number;
}

export function countStates(entries: Iterable<OutboxEntry>): SheetCounts {
  const c: SheetCounts = { local: 0, syncing: 0, synced: 0, refused: 0 };
  for (const e of entries) if (e.state !== 'saving') c[e.state]++;
  return c;
}
