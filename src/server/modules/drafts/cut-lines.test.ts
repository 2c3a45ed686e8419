import { describe, expect, it } from 'vitest';
import { cutLines, type CutCandidate, type CutTeam } from './cut-lines.js';

const c = (player_id: number, total: number | null, range: [number, number] | null, over: Partial<CutCandidate> = {}): CutCandidate => ({
  player_id,
  decision: 'undecided',
  birth_year: null,
  total,
  interval: range ? { low: range[0], high: range[1] } : null,
  fair_total: null,
  fair_interval: null,
  ...over,
});
const team = (team_id: number, name: string, target_size: number | null, age_group: number | null = null): CutTeam => ({
  team_id,
  name,
  target_size,
  age_group,
});

describe('cutLines', () => {
  const four = [c(1, 80, [75, 85]), c(2, 60, [50, 70]), c(3, 58, [52, 66]), c(4, 40, [35, 45])];

  it('orders by total and marks the players whose intervals reach across the line', () => {
    const [ranking] = cutLines([team(10, 'Blue', 2)], four, null, 'raw');
    expect(ranking).toEqual({
      label: 'All candidates',
      player_ids: [1, 2, 3, 4],
      lines: [{ team_id: 10, label: 'Blue: 2 places', places: 2, too_close: [2, 3] }],
    });
  });

  it('teams taking the same candidates share one ordering; each line counts the places of the teams before it', () => {
    const [ranking] = cutLines([team(10, 'Blue', 1), team(11, 'Red', 2), team(12, 'Green', null)], four, null, 'raw');
    expect(ranking!.lines.map((l) => [l.label, l.places, l.too_close])).toEqual([
      ['Blue: 1 place', 1, []],
      ['Red: 3 places with Blue', 3, []],
    ]);
  });

  it('one ordering per age group, with only the players of that group; the released, the unscored and teams without a target stay out', () => {
    const list = [
      c(1, 90, [85, 95], { birth_year: 2013 }),
      c(2, 70, [60, 80], { birth_year: 2013 }),
      c(3, 65, [60, 72], { birth_year: 2013 }),
      c(4, 99, [98, 100], { birth_year: 2013, decision: 'released' }),
      c(5, null, null, { birth_year: 2013 }),
      c(6, 50, null, { birth_year: 2009 }),
      c(7, 55, null, { birth_year: 2009 }),
    ];
    const rankings = cutLines([team(1, 'U14 Girls', 2, 14), team(2, 'U18 Boys', 1, 18), team(3, 'U16', null, 16)], list, 2026, 'raw');
    expect(rankings.map((r) => [r.label, r.player_ids])).toEqual([
      ['U14', [1, 2, 3]],
      ['U18', [7, 6]],
    ]);
    expect(rankings[0]!.lines[0]!.too_close).toEqual([2, 3]);
    // Without intervals (not from a session) a total is exactly itself: 55 and 50 do not overlap.
    expect(rankings[1]!.lines[0]!.too_close).toEqual([]);
  });

  it('on fair totals orders by the fair total where there is one, else the one total', () => {
    const list = [
      c(1, 70, [65, 75], { fair_total: 60, fair_interval: { low: 58, high: 62 } }),
      c(2, 65, [60, 70], { fair_total: 68, fair_interval: { low: 66, high: 70 } }),
      c(3, 64, null),
    ];
    const [raw] = cutLines([team(1, 'A', 1)], list, null, 'raw');
    const [fair] = cutLines([team(1, 'A', 1)], list, null, 'fair');
    expect(raw!.player_ids).toEqual([1, 2, 3]);
    expect(raw!.lines[0]!.too_close).toEqual([1, 2]);
    expect(fair!.player_ids).toEqual([2, 3, 1]);
    expect(fair!.lines[0]!.too_close).toEqual([]);
  });

  it('a line at or past the end of the ordering marks nobody', () => {
    const [ranking] = cutLines([team(1, 'A', 4)], four, null, 'raw');
    expect(ranking!.lines[0]!.too_close).toEqual([]);
  });
});
