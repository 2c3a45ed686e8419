/**
 * The import under test: a players CSV (FirstName, LastName, Email, Dob, PlayerEmail) whose e-mails
 * carry a tag unique to one attempt, so its rows can be counted afterwards, and the request that
 * sends it to POST /api/players/bulk.
 */
import { multipart, request, type Answer, type Session } from '../lib/http.js';

/** Every ACCOUNT_EVERY-th row also gets a sign-in account (users rows written in the same transaction). */
export const ACCOUNT_EVERY = 20;

export const parentEmailPrefix = (tag: string) => `${tag}.`;
export const accountEmailPrefix = (tag: string) => `${tag}.p`;

export function playersCsv(tag: string, rows: number): Buffer {
  const lines = ['FirstName,LastName,Email,Dob,PlayerEmail'];
  for (let i = 0; i < rows; i++) {
    const account = i % ACCOUNT_EVERY === 0 ? `${accountEmailPrefix(tag)}${i}@crash.test` : '';
    // A row with its own sign-in is old enough for one (the own-login age, 13 by default).
    lines.push(`Crash${i},${tag},${parentEmailPrefix(tag)}${i}@crash.test,${account ? 2008 : 2008 + (i % 10)},${account}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

export interface Expected {
  players: number;
  memberships: number;
  accounts: number;
}

export const expectedFor = (rows: number): Expected => ({ players: rows, memberships: rows, accounts: Math.ceil(rows / ACCOUNT_EVERY) });

export function postImport(session: Session, teamId: number, csv: Buffer, paceMs?: number): Promise<Answer> {
  const { body, contentType } = multipart(
    { team_id: String(teamId) },
    { field: 'bulkFile', name: 'players.csv', type: 'text/csv', data: csv },
  );
  return request(session.base, '/api/players/bulk', {
    method: 'POST',
    headers: { ...session.headers, 'content-type': contentType },
    body,
    fresh: true,
    paceMs,
  });
}
