import { describe, expect, it } from 'vitest';
import { supersede } from './import.csv.js';
import type { CurrentRow, NewEvaluation } from './evaluations.repository.js';

const NOW = '2026-11-24T10:00:00.000Z';
const current = (
  id: number,
  player_id: number,
  criterion_id: number,
  date: string,
  created_at = '2026-01-01T00:00:00.000Z',
): CurrentRow => ({ id, player_id, criterion_id, date, created_at });
const row = (player_id: number, criterion_id: number, score: number, date = '2026-11-24'): NewEvaluation => ({
  player_id,
  criterion_id,
  score,
  score_percentage: score,
  evaluator_user_id: 1,
  evaluator_name: 'Coach',
  date,
  notes: '',
  video_links: '[]',
  created_at: NOW,
  updated_at: NOW,
});

describe('supersede (bulk import, ADR 0005)', () => {
  it('a new row supersedes an earlier-dated current row of its pair; other pairs are untouched', () => {
    const { rows, superseded } = supersede([current(10, 1, 1, '2026-11-01'), current(11, 1, 2, '2026-11-01')], [row(1, 1, 7)]);
    expect(rows.map((r) => r.is_current)).toEqual([1]);
    expect(superseded).toEqual([10]);
  });

  it('a current row dated later than the import stays current and the new row is history', () => {
    const { rows, superseded } = supersede([current(10, 1, 1, '2026-11-25')], [row(1, 1, 7)]);
    expect(rows.map((r) => r.is_current)).toEqual([0]);
    expect(superseded).toEqual([]);
  });

  it('same date: the later created_at wins; same instant: the new row (higher id) wins', () => {
    expect(supersede([current(10, 1, 1, '2026-11-24', '2026-11-24T11:00:00.000Z')], [row(1, 1, 7)])).toMatchObject({
      rows: [{ is_current: 0 }],
      superseded: [],
    });
    expect(supersede([current(10, 1, 1, '2026-11-24', NOW)], [row(1, 1, 7)])).toMatchObject({
      rows: [{ is_current: 1 }],
      superseded: [10],
    });
  });

  it('a pair twice in one file: the later row is current, the earlier one history', () => {
    const { rows, superseded } = supersede([], [row(1, 1, 3), row(2, 1, 5), row(1, 1, 6)]);
    expect(rows.map((r) => [r.score, r.is_current])).toEqual([
      [3, 0],
      [5, 1],
      [6, 1],
    ]);
    expect(superseded).toEqual([]);
  });
});
