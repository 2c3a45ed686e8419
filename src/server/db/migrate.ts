import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './index.js';
import * as m0001 from './migrations/0001_initial.js';
import * as m0006 from './migrations/0006_leaderboard.js';
import * as m0007 from './migrations/0007_player_scores.js';
import * as m0008 from './migrations/0008_board_card_version.js';
import * as m0009 from './migrations/0009_list_versions.js';
import * as m0010 from './migrations/0010_change_feed.js';
import * as m0011 from './migrations/0011_history_inserts.js';
import * as m0012 from './migrations/0012_evaluation_client_id.js';
import * as m0013 from './migrations/0013_mail_sensitive.js';
import * as m0014 from './migrations/0014_eval_sessions.js';
import * as m0015 from './migrations/0015_session_guests.js';
import * as m0016 from './migrations/0016_rate_limits.js';
import * as m0017 from './migrations/0017_guardians.js';
import * as m0019 from './migrations/0019_reports.js';
import * as m0027 from './migrations/0027_season_rollover.js';
import * as m0028 from './migrations/0028_drafts.js';
import * as m0018 from './migrations/0018_handover.js';
import * as m0026 from './migrations/0026_privacy_requests.js';
import * as m0025 from './migrations/0025_imports.js';
import * as m0024 from './migrations/0024_dashboard_version.js';
import * as m0020 from './migrations/0020_level_scores.js';
import * as m0023 from './migrations/0023_mail_bounces.js';
import * as m0021 from './migrations/0021_list_keys.js';
import * as m0029 from './migrations/0029_board_order.js';
import * as m0030 from './migrations/0030_team_scores.js';
import * as m0031 from './migrations/0031_email_lookups.js';
import * as m0038 from './migrations/0038_fair_publish_basis.js';
import * as m0040 from './migrations/0040_relative_age_birth_date.js';
import * as m0041 from './migrations/0041_goals.js';
import * as m0042 from './migrations/0042_measured_criteria.js';
import * as m0043 from './migrations/0043_goal_sources.js';
import * as m0044 from './migrations/0044_self_assessments.js';
import * as m0048 from './migrations/0048_guardian_list_version.js';
import * as m0049 from './migrations/0049_goals_page_version.js';
import * as m0050 from './migrations/0050_criterion_spread_index.js';
import * as m0047 from './migrations/0047_calibration.js';
import * as m0046 from './migrations/0046_session_measurements.js';

/**
 * Migrations are listed statically so they run the same from tsx, tests and bundles. Features built
 * side by side take numbers in advance and may land out of order; each is independent of the others'
 * tables, so a database that already ran a higher number still runs a lower one that lands later.
 */
const migrations: Record<string, (database: Database) => Migration> = {
  '0001_initial': m0001.migration,
  '0006_leaderboard': m0006.migration,
  '0007_player_scores': m0007.migration,
  '0008_board_card_version': m0008.migration,
  '0009_list_versions': m0009.migration,
  '0010_change_feed': m0010.migration,
  '0011_history_inserts': m0011.migration,
  '0012_evaluation_client_id': m0012.migration,
  '0013_mail_sensitive': m0013.migration,
  '0014_eval_sessions': m0014.migration,
  '0015_session_guests': m0015.migration,
  '0016_rate_limits': m0016.migration,
  '0017_guardians': m0017.migration,
  '0019_reports': m0019.migration,
  '0027_season_rollover': m0027.migration,
  '0028_drafts': m0028.migration,
  '0018_handover': m0018.migration,
  '0026_privacy_requests': m0026.migration,
  '0025_imports': m0025.migration,
  '0024_dashboard_version': m0024.migration,
  '0020_level_scores': m0020.migration,
  '0023_mail_bounces': m0023.migration,
  '0021_list_keys': m0021.migration,
  '0029_board_order': m0029.migration,
  '0030_team_scores': m0030.migration,
  '0031_email_lookups': m0031.migration,
  '0038_fair_publish_basis': m0038.migration,
  '0040_relative_age_birth_date': m0040.migration,
  '0041_goals': m0041.migration,
  '0042_measured_criteria': m0042.migration,
  '0043_goal_sources': m0043.migration,
  '0044_self_assessments': m0044.migration,
  '0048_guardian_list_version': m0048.migration,
  '0049_goals_page_version': m0049.migration,
  '0047_calibration': m0047.migration,
  '0046_session_measurements': m0046.migration,
  '0050_criterion_spread_index': m0050.migration,
};

export async function migrateToLatest(database: Database): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () => Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(database)])),
  };
  const { error, results } = await new Migrator({ db: database.db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
