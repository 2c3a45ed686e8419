import { describe, expect, it } from 'vitest';
import { latestPerPlayer, newClientId } from './sheet';
import type { OutboxEntry } from './store';

const at = (player: number, recorded: string, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  client_id: `${player}-${recorded}`,
  user_id: 1,
  team_id: 1,
  player_id: player,
  criteria_id: 1,
  score: '5',
  notes: '',
  date: '2026-11-25',
  recorded_at: recorded,
  state: 'local',
  updated_at: new Date().toISOString(),
  ...over,
});

describe('a courtside sheet', () => {
  it("shows each player's latest tap on this team and criterion only", () => {
    const rows = latestPerPlayer(
      [
        at(1, '2026-11-25T10:00:00Z'),
        at(1, '2026-11-25T10:05:00Z', { score: '8' }),
        at(2, '2026-11-25T10:01:00Z', { criteria_id: 2 }),
        at(3, '2026-11-25T10:01:00Z', { team_id: 2 }),
      ],
      1,
      1,
    );
    expect([...rows.keys()]).toEqual([1]);
    expect(rows.get(1)!.score).toBe('8');
  });

  it('makes version-4 UUIDs the server accepts, without randomUUID too', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newClientId()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, newClientId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
