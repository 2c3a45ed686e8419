import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';
import { portable } from '../schema-helpers.js';

/**
 * Measured criteria (ADR 0030, docs/product.md#measured-criteria):
 * - levels.kind also takes 'measured' (SQLite cannot alter a CHECK: the table is rebuilt the
 *   documented way, foreign keys off, same rows and ids);
 * - criterion_measures: a measured criterion's unit, decimals, direction, range, attempts and
 *   points rule (JSON: bands per age group, or percentiles with bands to fall back on);
 * - evaluations keep the measurement beside the points: the kept value, the attempts (JSON) and
 *   how the points were read ("U14 bands"). Points stay in `score`, so every total keeps its math.
 */
export function migration({ dialect }: Database): Migration {
  const real = portable(dialect).real;
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`alter table levels drop constraint if exists levels_kind_check`.execute(db);
        await sql`alter table levels add constraint levels_kind_check check (kind in ('scale_1_10', 'yes_no', 'measured'))`.execute(db);
      } else {
        const row = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'levels'`.execute(db);
        const ddl = row.rows[0]!.sql;
        const widened = ddl
          .replace(/create table\s+"?levels"?/i, 'create table "levels_measured_new"')
          .replace(/kind in \('scale_1_10', 'yes_no'\)/, "kind in ('scale_1_10', 'yes_no', 'measured')");
        if (widened === ddl || !widened.includes("'measured'")) throw new Error('levels table not in the expected shape');
        await sql`pragma foreign_keys = off`.execute(db);
        try {
          await sql`begin`.execute(db);
          await sql.raw(widened).execute(db);
          await sql`insert into levels_measured_new select * from levels`.execute(db);
          await sql`drop table levels`.execute(db);
          await sql`alter table levels_measured_new rename to levels`.execute(db);
          const broken = await sql`pragma foreign_key_check`.execute(db);
          if (broken.rows.length > 0) throw new Error('foreign keys broken by the levels rebuild');
          await sql`commit`.execute(db);
        } catch (e) {
          await sql`rollback`.execute(db);
          throw e;
        } finally {
          await sql`pragma foreign_keys = on`.execute(db);
        }
      }

      await db.schema
        .createTable('criterion_measures')
        .addColumn('criterion_id', 'integer', (c) => c.primaryKey().references('criteria.id').onDelete('cascade'))
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('decimals', 'integer', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('min_value', real, (c) => c.notNull())
        .addColumn('max_value', real, (c) => c.notNull())
        .addColumn('attempts', 'text', (c) => c.notNull())
        .addColumn('attempt_count', 'integer', (c) => c.notNull())
        .addColumn('rule', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('evaluations').addColumn('measured_value', real).execute();
      await db.schema.alterTable('evaluations').addColumn('measured_attempts', 'text').execute();
      await db.schema.alterTable('evaluations').addColumn('points_basis', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('evaluations').dropColumn('points_basis').execute();
      await db.schema.alterTable('evaluations').dropColumn('measured_attempts').execute();
      await db.schema.alterTable('evaluations').dropColumn('measured_value').execute();
      await db.schema.dropTable('criterion_measures').execute();
    },
  };
}
