/**
 * Anonymous visitors asking the public boards for a new filter combination on every request: 50 a
 * second from 20 addresses (X-Forwarded-For, trusted from loopback), walking team boards × periods ×
 * levels × pages, with free dates mixed in (which the public boards ignore). The staff leaderboard is
 * measured with and without this traffic.
 */
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/index.js';
import { request } from '../lib/http.js';
import type { Club } from './seed.js';

const PER_SECOND = 50;
const ADDRESSES = Array.from({ length: 20 }, (_, i) => `198.51.100.${i + 1}`);
const PERIODS = ['all', '12m', '90d', '30d'];

function* combinations(club: Club, levelIds: number[]): Generator<string> {
  const levels = [undefined, ...levelIds];
  for (let n = 0; ; n++) {
    const team = club.teamIds[n % club.teamIds.length]!;
    const period = PERIODS[Math.floor(n / club.teamIds.length) % PERIODS.length]!;
    const level = levels[Math.floor(n / (club.teamIds.length * PERIODS.length)) % levels.length];
    const page = 1 + (Math.floor(n / 7) % 3);
    const filter = `period=${period}${level ? `&level=${level}` : ''}`;
    const day = new Date(Date.UTC(1971, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    switch (n % 4) {
      case 0:
        yield `/api/public/leaderboard/team/${team}?${filter}&page=${page}`;
        break;
      case 1:
        yield `/api/public/leaderboard?${filter}&page=${page}&from=${day}`;
        break;
      case 2:
        yield `/api/public/leaderboard?view=teams&${filter}&category=${club.categoryIds[n % club.categoryIds.length]}`;
        break;
      default:
        yield `/api/public/leaderboard?${filter}&q=${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + ((n >> 5) % 26))}&pageSize=${10 + (n % 50)}`;
    }
  }
}

export interface Flood {
  stop(): Promise<{ sent: number; byStatus: Map<number, number> }>;
}

export async function startPublicFlood(base: string, club: Club, database: Database): Promise<Flood> {
  const levelIds = (await sql<{ id: number }>`select id from levels order by id`.execute(database.db)).rows.map((r) => r.id);
  const paths = combinations(club, levelIds);
  const byStatus = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  const timer = setInterval(() => {
    const address = ADDRESSES[sent % ADDRESSES.length]!;
    sent++;
    const done = request(base, paths.next().value!, { headers: { 'x-forwarded-for': address } })
      .then((res) => void byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1))
      .catch(() => void byStatus.set(0, (byStatus.get(0) ?? 0) + 1))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  }, 1000 / PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { sent, byStatus };
    },
  };
}
