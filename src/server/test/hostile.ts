import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { fingerprint } from './fingerprint.js';
import { multipartBody, type Client } from './harness.js';

/** Checks shared by the hostile-input tests: no 5xx, no leak, nothing written on an error answer. */

/** Text that only a leaked stack trace, driver error or SQL statement would put in an answer. */
export const LEAKS: RegExp[] = [
  /\n\s+at /,
  /\bat (?:file:|node:|\/)/,
  /node_modules/,
  /\.[cm]?[jt]s:\d+/,
  /\b(?:SELECT|INSERT INTO|DELETE FROM|UPDATE \w+ SET)\b/,
  /sqlite/i,
  /syntax error/i,
  /constraint failed|violates|duplicate key|relation "|column "|invalid input syntax|out of range for type|invalid byte sequence/i,
  /postgres|kysely|better-sqlite3/i,
  /(?:TypeError|ReferenceError|RangeError|SyntaxError):/,
  /Cannot read propert/,
];

/** Every string inside an input (and its trimmed / lower-case forms), which answers may echo back. */
export function echoes(input: unknown, out: string[] = []): string[] {
  if (typeof input === 'string') {
    for (const s of [input, input.trim(), input.trim().toLowerCase()]) {
      if (s.length > 2) out.push(s, JSON.stringify(s).slice(1, -1));
    }
  } else if (Array.isArray(input)) input.forEach((v) => echoes(v, out));
  else if (input && typeof input === 'object') Object.entries(input).forEach(([k, v]) => echoes(v, echoes(k, out)));
  return out;
}

/**
 * No 5xx and no leak. `stored` are earlier inputs that look like leaks themselves (a team once named
 * "SELECT …" is listed later): echoes of those, or of this request's input, are not leaks.
 */
export function assertSafe(res: LightMyRequestResponse, label: string, input: unknown, stored: Iterable<string> = []): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  // /api/health names the database dialect by design; everything else must not.
  let body = res.body.replace(/"database":"(?:sqlite|postgres)"/, '');
  for (const echo of [...echoes(input), ...stored].sort((a, b) => b.length - a.length)) body = body.split(echo).join('');
  for (const leak of LEAKS) expect(body, `${label}: answer leaks ${leak}`).not.toMatch(leak);
}

/** A checker bound to one app: sends, checks the answer, and that an error answer wrote nothing. */
export function hostileChecker(app: FastifyInstance) {
  let sent = 0;
  const leakyInputs = new Set<string>();
  return {
    get sent() {
      return sent;
    },
    async checked(label: string, input: unknown, send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
      const before = await fingerprint(app.db);
      const res = await send();
      sent++;
      assertSafe(res, label, input, leakyInputs);
      for (const echo of echoes(input)) if (LEAKS.some((leak) => leak.test(echo))) leakyInputs.add(echo);
      if (res.statusCode >= 400)
        expect(await fingerprint(app.db), `${label}: error ${res.statusCode} but something was written`).toBe(before);
      return res;
    },
  };
}

export interface FilePart {
  field: string;
  name: string;
  content: string | Buffer;
  type?: string;
}

/** Same builder as the harness's clients use. */
export const multipart = (fields: Record<string, string>, file?: FilePart) => multipartBody(fields, file);

export type DemoIds = Record<
  'category' | 'season' | 'coachRole' | 'playerRole' | 'coachUser' | 'criterion' | 'achievement' | 'level' | 'team' | 'player',
  number
>;

/** The demo club's ids (and a criterion and player as the API lists them) that the hostile suites aim at. */
export async function demoTargets(su: Client) {
  const data = async (url: string) => (await su.get(url)).json().data;
  const roles: { id: number; key: string | null }[] = await data('/api/roles');
  const users: { id: number; email: string }[] = await data('/api/users');
  const criteria = await data('/api/criteria');
  const teams: { id: number; name: string }[] = await data('/api/teams');
  const team = teams[0]!.id;
  const players = (await data(`/api/team/${team}/players`)).data;
  const ids: DemoIds = {
    category: (await data('/api/categories'))[0].id,
    season: (await data('/api/seasons'))[0].id,
    level: (await data('/api/levels'))[0].id,
    achievement: (await data('/api/achievements'))[0].id,
    coachRole: roles.find((r) => r.key === 'coach')!.id,
    playerRole: roles.find((r) => r.key === 'player')!.id,
    coachUser: users.find((u) => u.email === 'coach@demo.club')!.id,
    criterion: criteria[0].id,
    team,
    player: players[0].id,
  };
  return {
    ids,
    criterion: criteria[0] as { criteria: string; level_name: string },
    player: players[0] as { first_name: string; last_name: string; email: string },
  };
}
