import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';

/**
 * The staff dashboard (docs/product.md#dashboard) is cached per score version like the boards
 * (ADR 0006), so what it counts besides evaluations bumps the version too: cycles and their teams,
 * reports changing state (not a draft's comments being typed), and sessions opening, closing or
 * gaining an evaluator or player (not check-ins or scores). The PostgreSQL change feed notifies each
 * bump already (migration 0010).
 */
const WATCHED: Record<string, string[]> = {
  report_cycles: ['insert', 'update', 'delete'],
  report_cycle_teams: ['insert', 'update', 'delete'],
  reports: ['insert', 'update of state, viewed_at, team_id, cycle_id, version', 'delete'],
  eval_sessions: ['insert', 'update of state', 'delete'],
  eval_session_evaluators: ['insert', 'update of user_id', 'delete'],
  eval_session_players: ['insert', 'delete'],
};

const slug = (event: string) => event.split(' ')[0];

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const [table, events] of Object.entries(WATCHED)) {
        if (dialect === 'postgres') {
          // bump_score_version() is migration 0006's; statement-level, as there.
          await sql
            .raw(
              `create trigger ${table}_score_version after ${events.join(' or ')} on ${table} for each statement execute function bump_score_version()`,
            )
            .execute(db);
        } else {
          for (const event of events) {
            await sql
              .raw(
                `create trigger ${table}_score_version_${slug(event)} after ${event} on ${table} begin update score_state set version = version + 1 where id = 1; end`,
              )
              .execute(db);
          }
        }
      }
    },
  };
}
