import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { Client, TestApp } from '../../test/harness.js';
import { currentRows, evaluationSuite, evaluationCount, type DemoFacts } from './evaluations.fixtures.js';

let t: TestApp, admin: Client, coach: Client, player: Client, facts: DemoFacts;
beforeAll(async () => {
  ({ t, admin, coach, player, facts } = await evaluationSuite());
});
afterAll(() => t.close());

const roster = (teamId: number) => facts.members.filter((m) => m.team_id === teamId);

describe('GET /api/team/{id}/evaluations', () => {
  it('lists the team’s players with their current score on the criterion; coach scoping; 404', async () => {
    const team = facts.ownTeams[0]!;
    const c = facts.scale[0]!;
    expect((await t.anon.get(`/api/team/${team.id}/evaluations`)).statusCode).toBe(401);
    expect((await player.get(`/api/team/${team.id}/evaluations`)).statusCode).toBe(403);
    expect((await coach.get(`/api/team/${facts.otherTeams[0]!.id}/evaluations`)).statusCode).toBe(403);
    expect((await admin.get('/api/team/999999/evaluations')).statusCode).toBe(404);
    const data = (await coach.get(`/api/team/${team.id}/evaluations?criteria_id=${c.id}`)).json().data;
    expect(data.team).toEqual({ id: team.id, name: team.name });
    expect(data.players.map((p: { id: number }) => p.id).sort()).toEqual(
      roster(team.id)
        .map((m) => m.id)
        .sort(),
    );
    for (const p of data.players) {
      const current = (await currentRows(t, p.id, c.id)).find((r) => r.is_current === 1);
      expect(p.current?.score ?? null).toBe(current?.score ?? null);
      if (p.current) expect(p.current.scoreLabel).toBe(`${p.current.score}/10`);
    }
    const without = (await coach.get(`/api/team/${team.id}/evaluations`)).json().data;
    expect(without.players.every((p: { current: unknown }) => p.current === null)).toBe(true);
  });
});

describe('POST /api/team/{id}/evaluations', () => {
  it('401, 403 for players and for coaches of other teams', async () => {
    const other = facts.otherTeams[0]!;
    const payload = { criteria_id: facts.scale[0]!.id, scores: [{ player_id: roster(other.id)[0]!.id, score: 5 }] };
    expect((await t.anon.post(`/api/team/${other.id}/evaluations`, payload)).statusCode).toBe(401);
    expect((await player.post(`/api/team/${other.id}/evaluations`, payload)).statusCode).toBe(403);
    expect((await coach.post(`/api/team/${other.id}/evaluations`, payload)).statusCode).toBe(403);
    expect((await admin.post('/api/team/999999/evaluations', payload)).statusCode).toBe(404);
  });

  it('reports every bad entry by its index and writes nothing', async () => {
    const team = facts.ownTeams[0]!;
    const [p1, p2, p3] = roster(team.id);
    const stranger = roster(facts.otherTeams[0]!.id)[0]!;
    const before = await evaluationCount(t);
    const res = await coach.post(`/api/team/${team.id}/evaluations`, {
      criteria_id: facts.scale[0]!.id,
      scores: [
        { player_id: p1!.id, score: 7 },
        { player_id: p2!.id, score: 14 },
        { player_id: stranger.id, score: 5 },
        { player_id: p3!.id, score: '' },
        { player_id: p1!.id, score: 8 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: '4 scores need attention.',
      field: 'scores.1.score',
      errors: [
        { field: 'scores.1.score', message: MSG.number },
        { field: 'scores.2.player_id', message: 'This player is not on the team.' },
        { field: 'scores.3.score', message: MSG.required },
        { field: 'scores.4.player_id', message: expect.stringMatching(/listed twice/) },
      ],
    });
    expect(await evaluationCount(t)).toBe(before);
    expect((await coach.post(`/api/team/${team.id}/evaluations`, { criteria_id: facts.scale[0]!.id, scores: [] })).json().field).toBe(
      'scores',
    );
    expect(
      (await coach.post(`/api/team/${team.id}/evaluations`, { criteria_id: 999999, scores: [{ player_id: p1!.id, score: 5 }] })).json()
        .field,
    ).toBe('criteria_id');
  });

  it('saves the whole team in one transaction and supersedes each player’s current evaluation', async () => {
    const team = facts.ownTeams[1]!;
    const players = roster(team.id);
    const c = facts.yesNo[1]!;
    const res = await coach.post(`/api/team/${team.id}/evaluations`, {
      criteria_id: c.id,
      scores: players.map((p, i) => ({ player_id: p.id, score: i % 2 ? 'No' : 'Yes', notes: i === 0 ? 'Loud' : '' })),
    });
    expect(res.json()).toEqual({ message: MSG.success, data: { saved: players.length } });
    for (const [i, p] of players.entries()) {
      const current = (await currentRows(t, p.id, c.id)).filter((r) => r.is_current === 1);
      expect(current.map((r) => r.score)).toEqual([i % 2 ? 0 : 1]);
    }
    const sheet = (await coach.get(`/api/team/${team.id}/evaluations?criteria_id=${c.id}`)).json().data;
    expect(sheet.players.find((p: { id: number }) => p.id === players[0]!.id).current.scoreLabel).toBe('Yes');
  });
});
