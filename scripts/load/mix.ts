/**
 * The traffic of one signed-in staff member and anonymous visitors, as one weighted mix: reads
 * (teams, players, a player, criteria), evaluation writes (with the CSRF header), the staff
 * leaderboards and the public leaderboards. Public requests come through the local reverse proxy
 * from a pool of visitor addresses (X-Forwarded-For, trusted from loopback by default), so the
 * per-IP limit of the public board (300/min) holds as in production without one address tripping it.
 */
import { performance } from 'node:perf_hooks';
import type { Session } from '../lib/http.js';
import { getJson } from '../lib/http.js';
import { MSG } from '../../src/shared/messages.js';
import type { CannonRequest, Context } from './autocannon.js';

interface Fixtures {
  playerIds: number[];
  criteria: { id: number; level_kind: string }[];
  teamIds: number[];
  levelIds: number[];
}

export async function loadFixtures(session: Session): Promise<Fixtures> {
  const players = await getJson<{ data: { id: number }[] }>(session, '/api/players?pageSize=200');
  const criteria = await getJson<{ id: number; level_kind: string }[]>(session, '/api/criteria/');
  const teams = await getJson<{ id: number }[]>(session, '/api/teams');
  const levels = await getJson<{ id: number }[]>(session, '/api/public/leaderboard/criteria');
  if (!players.data.length || !criteria.length) throw new Error('the demo club has no players or no criteria');
  return { playerIds: players.data.map((p) => p.id), criteria, teamIds: teams.map((t) => t.id), levelIds: levels.map((l) => l.id) };
}

/** A public board with a filter combination of its own: any team, period, level, page and search. */
function publicCombination(f: Fixtures): string {
  const period = pick(['all', '12m', '90d', '30d']);
  const level = pick([undefined, ...f.levelIds]);
  const filter = `period=${period}${level ? `&level=${level}` : ''}&page=${1 + Math.floor(Math.random() * 3)}&pageSize=${10 + Math.floor(Math.random() * 40)}`;
  return Math.random() < 0.5 ? `/api/public/leaderboard/team/${pick(f.teamIds)}?${filter}` : `/api/public/leaderboard?${filter}&q=${String.fromCharCode(97 + Math.floor(Math.random() * 26))}`;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

type Shape = Pick<CannonRequest, 'method' | 'path' | 'body'> & { visitor?: boolean };

function kinds(f: Fixtures): [string, number, () => Shape][] {
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
        const score = c.level_kind === 'yes_no' ? pick(['Yes', 'No']) : 1 + Math.floor(Math.random() * 10);
        return {
          method: 'POST',
          path: `/api/player/${pick(f.playerIds)}/evaluation`,
          body: JSON.stringify({ criteria_id: c.id, score, notes: 'load test' }),
        };
      },
    ],
    ['GET /api/leaderboard/players', 12, () => ({ path: '/api/leaderboard/players' })],
    ['GET /api/leaderboard/teams', 6, () => ({ path: '/api/leaderboard/teams' })],
    ['GET /api/public/leaderboard', 14, () => ({ path: '/api/public/leaderboard', visitor: true })],
    ['GET /api/public/leaderboard?view=teams', 8, () => ({ path: '/api/public/leaderboard?view=teams', visitor: true })],
    ['GET /api/public/leaderboard (new filters)', 8, () => ({ path: publicCombination(f), visitor: true })],
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
      context.kind = name;
      context.visitor = shape.visitor ?? false;
      context.sentAt = performance.now();
      const headers: Record<string, string> = shape.visitor
        ? { 'x-forwarded-for': visitors[visitor++ % visitors.length]! }
        : shape.method === 'POST'
          ? { ...session.headers, 'content-type': 'application/json' }
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
