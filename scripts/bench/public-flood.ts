/**
 * Anonymous visitors walking every public board a visitor can choose, 50 requests a second from 20
 * addresses (X-Forwarded-For, trusted from loopback): three in four are the boards themselves (players
 * view per period × level, teams view per period × level × club, all time and every level and club
 * included), one in four a team's board (team × period × level, pages 1–3), a name search or a level
 * or club id that does not exist (answered 400, never computed). The staff
 * leaderboard is measured with and without this traffic, from the end of the flood's first pass over
 * every board (which makes the server compute each board's ranking once, as any first visitors would).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/index.js';
import { request } from '../lib/http.js';
import { PUBLIC_PERIOD_KEYS, publicBoardUrls } from '../lib/public-boards.js';
import type { Club } from './seed.js';

const PER_SECOND = 50;
const ADDRESSES = Array.from({ length: 20 }, (_, i) => `198.51.100.${i + 1}`);
const PERIODS = PUBLIC_PERIOD_KEYS;

function* paths(boards: readonly string[], club: Club, levelIds: number[]): Generator<string> {
  const levels = [undefined, ...levelIds];
  for (let n = 0, board = 0, side = 0; ; n++) {
    if (n % 4 !== 3) {
      yield boards[board++ % boards.length]!;
      continue;
    }
    const k = side++;
    const team = club.teamIds[k % club.teamIds.length]!;
    const period = PERIODS[Math.floor(k / club.teamIds.length) % PERIODS.length]!;
    const level = levels[Math.floor(k / (club.teamIds.length * PERIODS.length)) % levels.length];
    const filter = `period=${period}${level ? `&level=${level}` : ''}`;
    const unknown = 1_000_000 + k;
    yield [
      `/api/public/leaderboard/team/${team}?${filter}&page=${1 + (Math.floor(k / 7) % 3)}`,
      `/api/public/leaderboard?${filter}&q=${String.fromCharCode(97 + (k % 26))}${String.fromCharCode(97 + ((k >> 5) % 26))}`,
      `/api/public/leaderboard/team/${team}?${filter}`,
      `/api/public/leaderboard?view=teams&period=${period}&${(k >> 2) % 2 ? 'level' : 'category'}=${unknown}`,
    ][k % 4]!;
  }
}

export interface Flood {
  /** Resolves with its duration (ms) once every board has been answered once (a 503 is asked again). */
  firstPass: Promise<number>;
  stop(): Promise<{ sent: number; byStatus: Map<number, number> }>;
}

export async function startPublicFlood(base: string, club: Club, database: Database): Promise<Flood> {
  const levelIds = (await sql<{ id: number }>`select id from levels order by id`.execute(database.db)).rows.map((r) => r.id);
  const boards = publicBoardUrls(levelIds, club.categoryIds);
  const next = paths(boards, club, levelIds);
  const byStatus = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  const unanswered = new Set(boards);
  const start = performance.now();
  let passed!: (ms: number) => void;
  const firstPass = new Promise<number>((resolve) => (passed = resolve));
  let sent = 0;
  const timer = setInterval(() => {
    const address = ADDRESSES[sent % ADDRESSES.length]!;
    sent++;
    const path = next.next().value!;
    const done = request(base, path, { headers: { 'x-forwarded-for': address } })
      .then((res) => {
        byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
        if (res.status !== 503 && unanswered.delete(path) && unanswered.size === 0) passed(performance.now() - start);
      })
      .catch(() => void byStatus.set(0, (byStatus.get(0) ?? 0) + 1))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  }, 1000 / PER_SECOND);
  return {
    firstPass,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { sent, byStatus };
    },
  };
}
