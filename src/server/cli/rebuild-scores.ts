import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { rebuildScores } from '../modules/scores/rebuild.repository.js';

// `npm run rebuild-scores`: recomputes the figures kept on write (current flags, player_scores,
// player_level_scores) from the evaluation history (ADR 0023), e.g. after a restore or a manual edit.
// Safe while the app runs: one transaction, and rows already right are not rewritten.
if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(database);
    const started = Date.now();
    const r = await rebuildScores(database.db);
    console.log(
      `rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${r.flagsFixed} current flags corrected, ` +
        `${r.playerScores} player totals, ${r.playerLevelScores} player × level totals, ${r.teamScores} team totals`,
    );
  } finally {
    await database.close();
  }
}
