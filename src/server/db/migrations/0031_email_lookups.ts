import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';

/**
 * Addresses are matched case-insensitively: the evaluations import finds its players by
 * `lower(email)`, a bounce flags guardians the same way. Without an index on the expression each
 * lookup read every player (ADR 0023): 1.2 s of a 50,000-row import at 50,000 players on PostgreSQL.
 */
export function migration(_database: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`create index players_email_lower_idx on players (lower(email))`.execute(db);
      await sql`create index guardians_email_lower_idx on guardians (lower(email))`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index guardians_email_lower_idx`.execute(db);
      await sql`drop index players_email_lower_idx`.execute(db);
    },
  };
}
