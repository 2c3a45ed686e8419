/**
 * The traffic of one signed-in staff member, tryout guests and anonymous visitors, as one weighted
 * mix: reads (teams, players, a player, criteria, evaluation sessions), evaluation writes and offline
 * sync batches (with the CSRF header), the staff leaderboards, the public leaderboards (every view,
 * period, level and club, team boards, searches) and tryout joins with a session's code and the
 * joined guests' sheet. Public requests and joins come through the local reverse proxy from a pool of
 * visitor addresses (X-Forwarded-For, trusted from loopback by default), so the per-address limits
 * (public boards 300/min, joins as sign-ins) hold as in production without one address tripping them.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Session } from '../lib/http.js';
import { getJson, postJson, request } from '../lib/http.js';
import { publicBoardUrls } from '../lib/public-boards.js';
import { MSG } from '../../src/shared/messages.js';
import { TRYOUT_TOKEN_HEADER } from '../../src/shared/schemas/eval-session.js';
import type { CannonRequest, Context } from './autocannon.js';

interface Fixtures {
  playerIds: number[];
  criteria: { id: number; level_kind: string }[];
  teamIds: number[];
  levelIds: number[];
  /** Every public board (public-boards.ts). */
  boards: string[];
  /** Teams with members, for sync batches. */
  rosters: { teamId: number; playerIds: number[] }[];
  /** An open evaluation session made for the load, and its guest code. */
  sessionId: number;
  guestCode: string;
  /** Tokens of the guests the director let in before the run, whose sheets the guests' reads ask for. */
  guests: string[];
}

/** Reads the demo club, and opens an evaluation session of its first team for the tryout guests. */
export async function loadFixtures(session: Session): Promise<Fixtures> {
  const players = await getJson<{ data: { id: number; teamIds: number[] }[] }>(session, '/api/players?pageSize=200');
  const criteria = await getJson<{ id: number; level_kind: string }[]>(session, '/api/criteria/');
  const teams = await getJson<{ id: number; categoryId: number }[]>(session, '/api/teams');
  const levels = await getJson<{ id: number }[]>(session, '/api/public/leaderboard/criteria');
  if (!players.data.length || criteria.length < 2) throw new Error('the demo club has no players or too few criteria');
  const rosters = teams
    .map((t) => ({ teamId: t.id, playerIds: players.data.filter((p) => p.teamIds.includes(t.id)).map((p) => p.id) }))
    .filter((r) => r.playerIds.length);
  const today = new Date().toISOString().slice(0, 10);
  const { session: created } = await postJson<{ session: { id: number } }>(session, '/api/eval-sessions', {
    name: 'Load test tryout',
    startDate: today,
    endDate: today,
    criteria: criteria.slice(0, 2).map((c) => ({ criterionId: c.id, weight: 50 })),
  });
  await postJson(session, `/api/eval-session/${created.id}/players`, { teamIds: [rosters[0]!.teamId] });
  const { session: opened } = await postJson<{ session: { guestCode: string | null } }>(session, `/api/eval-session/${created.id}/open`);
  if (!opened.guestCode) throw new Error('the opened load session has no guest code');
  const guests = await admittedGuests(session, created.id, opened.guestCode);
  return {
    playerIds: players.data.map((p) => p.id),
    criteria,
    teamIds: teams.map((t) => t.id),
    levelIds: levels.map((l) => l.id),
    boards: publicBoardUrls(
      levels.map((l) => l.id),
      [...new Set(teams.map((t) => t.categoryId))],
    ),
    rosters,
    sessionId: created.id,
    guestCode: opened.guestCode,
    guests,
  };
}

/** Ten guests join (each from its own visitor address) and the director lets them in, as at a tryout. */
async function admittedGuests(session: Session, sessionId: number, code: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await request(session.base, '/api/tryout/join', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitors[i]! },
      body: JSON.stringify({ code, name: `Load guest ${i + 1}` }),
    });
    if (res.status !== 200) throw new Error(`a load guest's join answered ${res.status}: ${res.text.slice(0, 200)}`);
    tokens.push((JSON.parse(res.text) as { data: { token: string } }).data.token);
  }
  const { evaluators } = await getJson<{ evaluators: { id: number; guest: boolean }[] }>(session, `/api/eval-session/${sessionId}`);
  for (const e of evaluators.filter((x) => x.guest)) await postJson(session, `/api/eval-session/${sessionId}/evaluator/${e.id}/admit`);
  return tokens;
}

const scoreFor = (c: { level_kind: string }) => (c.level_kind === 'yes_no' ? pick(['Yes', 'No']) : 1 + Math.floor(Math.random() * 10));

/** A device outbox's batch of 10 courtside evaluations of one team (POST /api/evaluations/sync). */
function syncBatch(f: Fixtures): string {
  const { teamId, playerIds } = pick(f.rosters);
  const now = new Date().toISOString();
  const entries = Array.from({ length: 10 }, () => {
    const c = pick(f.criteria);
    return {
      client_id: randomUUID(),
      team_id: teamId,
      player_id: pick(playerIds),
      criteria_id: c.id,
      score: scoreFor(c),
      notes: 'load sync',
      date: now.slice(0, 10),
      recorded_at: now,
    };
  });
  return JSON.stringify({ entries });
}

/** A public board with a filter combination of its own: any team, period, level, page and search. */
function publicCombination(f: Fixtures): string {
  const period = pick(['all', '12m', '90d', '30d']);
  const level = pick([undefined, ...f.levelIds]);
  const filter = `period=${period}${level ? `&level=${level}` : ''}&page=${1 + Math.floor(Math.random() * 3)}&pageSize=${10 + Math.floor(Math.random() * 40)}`;
  return Math.random() < 0.5
    ? `/api/public/leaderboard/team/${pick(f.teamIds)}?${filter}`
    : `/api/public/leaderboard?${filter}&q=${String.fromCharCode(97 + Math.floor(Math.random() * 26))}`;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
let joins = 0;

type Shape = Pick<CannonRequest, 'method' | 'path' | 'body'> & { visitor?: boolean; guest?: string };

function kinds(f: Fixtures): [string, number, () => Shape][] {
  // Names are one evaluator's per session: every join is another volunteer, who then waits to be let in.
  const join = (): Shape => ({
    method: 'POST',
    path: '/api/tryout/join',
    body: JSON.stringify({ code: f.guestCode, name: `Load volunteer ${++joins}` }),
    visitor: true,
  });
  return [
    ['GET /api/teams', 10, () => ({ path: '/api/teams' })],
    ['GET /api/players', 10, () => ({ path: '/api/players' })],
    ['GET /api/player/{id}', 12, () => ({ path: `/api/player/${pick(f.playerIds)}` })],
    ['GET /api/criteria/', 8, () => ({ path: '/api/criteria/' })],
    [
      'POST /api/player/{id}/evaluation',
      20,
      () => {
        const c = pick(f.criteria);
        return {
          method: 'POST',
          path: `/api/player/${pick(f.playerIds)}/evaluation`,
          body: JSON.stringify({ criteria_id: c.id, score: scoreFor(c), notes: 'load test' }),
        };
      },
    ],
    ['POST /api/evaluations/sync (10 entries)', 4, () => ({ method: 'POST', path: '/api/evaluations/sync', body: syncBatch(f) })],
    ['GET /api/eval-sessions', 3, () => ({ path: '/api/eval-sessions' })],
    ['GET /api/eval-session/{id}', 3, () => ({ path: `/api/eval-session/${f.sessionId}` })],
    ['GET /api/eval-session/{id}/progress', 2, () => ({ path: `/api/eval-session/${f.sessionId}/progress` })],
    ['POST /api/tryout/join', 1, join],
    ['GET /api/tryout/sheet (guest)', 2, () => ({ path: '/api/tryout/sheet', guest: pick(f.guests) })],
    ['GET /api/leaderboard/players', 12, () => ({ path: '/api/leaderboard/players' })],
    ['GET /api/leaderboard/teams', 6, () => ({ path: '/api/leaderboard/teams' })],
    ['GET /api/public/leaderboard', 14, () => ({ path: '/api/public/leaderboard', visitor: true })],
    ['GET /api/public/leaderboard?view=teams', 8, () => ({ path: '/api/public/leaderboard?view=teams', visitor: true })],
    ['GET /api/public/leaderboard (new filters)', 8, () => ({ path: publicCombination(f), visitor: true })],
    ['GET /api/public/leaderboard (every view, period, level, club)', 8, () => ({ path: pick(f.boards), visitor: true })],
  ];
}

/** 508 documentation addresses (TEST-NET-2 and -3) stand for the public board's visitors. */
const visitors = [
  ...Array.from({ length: 254 }, (_, i) => `198.51.100.${i + 1}`),
  ...Array.from({ length: 254 }, (_, i) => `203.0.113.${i + 1}`),
];

export interface Mix {
  request: CannonRequest;
  /** Responses per kind and status, e.g. { 'GET /api/teams': { 200: 1234 } }. */
  counts: Map<string, Map<number, number>>;
  /** The slowest answer per kind (ms, measured from building the request). */
  slowest: Map<string, number>;
  /** The first few unexpected answers, for the report. */
  samples: string[];
  /** Public boards' "busy, come back" answers (503 + Retry-After): the cap on visitors' aggregates at work. */
  deferred: number;
}

export function buildMix(session: Session, fixtures: Fixtures): Mix {
  const table = kinds(fixtures);
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let visitor = 0;
  const counts = new Map<string, Map<number, number>>();
  const slowest = new Map<string, number>();
  const samples: string[] = [];
  const request: CannonRequest = {
    setupRequest: (req, context) => {
      let roll = Math.random() * total;
      const [name, , make] = table.find(([, w]) => (roll -= w) < 0) ?? table[0]!;
      const shape = make();
      context.kind = shape.path === '/api/tryout/join' ? 'POST /api/tryout/join' : name;
      context.visitor = shape.visitor ?? false;
      context.sentAt = performance.now();
      const json: Record<string, string> = shape.method === 'POST' ? { 'content-type': 'application/json' } : {};
      const headers: Record<string, string> = shape.guest
        ? { [TRYOUT_TOKEN_HEADER]: shape.guest }
        : shape.visitor
          ? { 'x-forwarded-for': visitors[visitor++ % visitors.length]!, ...json }
          : shape.method === 'POST'
            ? { ...session.headers, ...json }
            : { cookie: session.cookie };
      return { ...req, method: shape.method ?? 'GET', path: shape.path, headers, body: shape.body ?? '' };
    },
    onResponse: (status: number, body: string, context: Context) => {
      const kind = String(context.kind);
      const byStatus = counts.get(kind) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      counts.set(kind, byStatus);
      slowest.set(kind, Math.max(slowest.get(kind) ?? 0, performance.now() - Number(context.sentAt)));
      if (status === 503 && context.visitor && body.includes(MSG.boardBusy)) {
        mix.deferred++;
        return;
      }
      if ((status < 200 || status > 299) && samples.length < 5) samples.push(`${kind} → ${status}: ${body.slice(0, 200)}`);
    },
  };
  const mix: Mix = { request, counts, slowest, samples, deferred: 0 };
  return mix;
}
