import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TEMPLATES } from '../../../shared/constants.js';
import type { Client, TestApp } from '../../test/harness.js';
import { evaluationSuite, type DemoFacts } from './evaluations.fixtures.js';

/** Unknown ids are 404 before the coach check (403), so the client goes to /app/not-found. */
let t: TestApp, coach: Client, facts: DemoFacts;
beforeAll(async () => {
  ({ t, coach, facts } = await evaluationSuite());
});
afterAll(() => t.close());

const UNKNOWN = 999999;

describe('coach and unknown ids on the evaluation routes', () => {
  it('404 for an unknown player on every player evaluation route; 403 still for another coach’s player', async () => {
    const c = facts.scale[0]!;
    const body = { criteria_id: c.id, score: '7', notes: '', video_links: [] };
    expect((await coach.get(`/api/player/${UNKNOWN}/evaluation`)).statusCode).toBe(404);
    expect((await coach.get(`/api/player/${UNKNOWN}/evaluation/history`)).statusCode).toBe(404);
    expect((await coach.post(`/api/player/${UNKNOWN}/evaluation`, body)).statusCode).toBe(404);
    expect((await coach.post(`/api/player/${UNKNOWN}/evaluation/1`, body)).statusCode).toBe(404);
    expect((await coach.post(`/api/player/${UNKNOWN}/evaluation/1/delete`)).statusCode).toBe(404);
    const csv = `${CSV_TEMPLATES.evaluation.join(',')}\n`;
    const upload = await coach.upload(
      `/api/player/${UNKNOWN}/evaluation/bulk`,
      {},
      { field: 'bulkFile', name: 'e.csv', content: csv, type: 'text/csv' },
    );
    expect(upload.statusCode).toBe(404);

    const other = facts.other[0]!.id;
    expect((await coach.get(`/api/player/${other}/evaluation`)).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${other}/evaluation`, body)).statusCode).toBe(403);
  });

  it('404 for an unknown team on the courtside routes; 403 still for another coach’s team', async () => {
    const c = facts.scale[0]!;
    expect((await coach.get(`/api/team/${UNKNOWN}/evaluations`)).statusCode).toBe(404);
    expect(
      (await coach.post(`/api/team/${UNKNOWN}/evaluations`, { criteria_id: c.id, scores: [{ player_id: facts.own[0]!.id, score: '5' }] }))
        .statusCode,
    ).toBe(404);
    const other = facts.otherTeams[0]!.id;
    expect((await coach.get(`/api/team/${other}/evaluations`)).statusCode).toBe(403);
    expect(
      (await coach.post(`/api/team/${other}/evaluations`, { criteria_id: c.id, scores: [{ player_id: facts.own[0]!.id, score: '5' }] }))
        .statusCode,
    ).toBe(403);
  });
});
