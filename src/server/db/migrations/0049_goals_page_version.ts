import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createVersionTriggers, dropVersionTriggers, type VersionTrigger } from '../schema-helpers.js';

/**
 * A team's goals page is kept per score version (ADR 0029), so everything it shows moves the version:
 * any change of a goal (0043 moved it only for what the dashboard counts), its history and check-ins,
 * the report cycles whose close dates its "achieved since" reads, and a criterion's name.
 */
const WATCHED: VersionTrigger[] = [
  { table: 'goals', name: 'goals_page_version_update', event: 'update' },
  { table: 'goal_events', name: 'goal_events_version_insert', event: 'insert' },
  { table: 'goal_check_ins', name: 'goal_check_ins_version_insert', event: 'insert' },
  { table: 'goal_check_ins', name: 'goal_check_ins_version_update', event: 'update' },
  { table: 'goal_check_ins', name: 'goal_check_ins_version_delete', event: 'delete' },
  { table: 'report_cycles', name: 'report_cycles_version_insert', event: 'insert' },
  { table: 'report_cycles', name: 'report_cycles_version_update', event: 'update' },
  { table: 'report_cycles', name: 'report_cycles_version_delete', event: 'delete' },
  { table: 'report_cycle_teams', name: 'report_cycle_teams_version_insert', event: 'insert' },
  { table: 'report_cycle_teams', name: 'report_cycle_teams_version_delete', event: 'delete' },
  { table: 'criteria', name: 'criteria_name_version', event: 'update of name' },
];

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await createVersionTriggers(db, dialect, WATCHED);
    },
    async down(db: Kysely<any>) {
      await dropVersionTriggers(db, dialect, WATCHED);
    },
  };
}
