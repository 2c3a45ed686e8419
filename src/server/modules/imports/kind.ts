import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { Decision, ImportCounts, ImportField, ImportMapping, PlanRow } from '../../../shared/schemas/import.js';
import type { DB } from '../../db/types.js';
import type { NewEffect } from './imports.repository.js';

/**
 * What a kind of import (players; evaluations, teams and users next) gives the engine: its fields,
 * how rows become a plan, how a plan is written and how it is undone. The engine does the rest: files,
 * mappings, plan storage, freshness, idempotency, history and the undo window (ADR 0021).
 */
export interface KindHandler {
  fields: readonly ImportField[];
  plan(
    db: Kysely<DB>,
    actor: Actor,
    input: { rows: string[][]; lines: number[]; mapping: ImportMapping; decisions: Record<string, Decision>; teamId: number | null },
  ): Promise<PlanRow[]>;
  commit(
    trx: Kysely<DB>,
    actor: Actor,
    input: { plan: PlanRow[]; teamId: number | null },
  ): Promise<{ counts: ImportCounts; effects: NewEffect[] }>;
  undo(trx: Kysely<DB>, input: { effects: (NewEffect & { effect: string })[]; committedAt: string }): Promise<UndoOutcome>;
}

export interface UndoOutcome {
  removed: number;
  restored: number;
  kept: string[];
}
