import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { Decision, ImportCounts, ImportField, ImportMapping, PlanRow } from '../../../shared/schemas/import.js';
import type { DB } from '../../db/types.js';
import type { Mail } from '../../mail/mailer.js';
import type { NewEffect } from './imports.repository.js';

/** What a commit may need beyond the database: e-mails go out only after the transaction (users). */
export interface CommitDeps {
  mailer: { send(mail: Mail): Promise<unknown> } | null;
  publicUrl: string;
}

/**
 * What a kind of import (players, evaluations, teams, users) gives the engine: its fields, how rows
 * become a plan, how a plan is written and how it is undone. The engine does the rest: files,
 * mappings, plan storage, freshness, idempotency, history and the undo window (ADR 0021).
 */
export interface KindHandler {
  fields: readonly ImportField[];
  /** Whether the plan takes a team (players only: the team new players join). */
  usesTeam: boolean;
  /** The audit entity of the kind's writes. */
  entity: string;
  /** What the kind's plan reads beyond the engine's fingerprint (players, memberships, guardians). */
  fingerprint?(db: Kysely<DB>): Promise<string>;
  plan(
    db: Kysely<DB>,
    actor: Actor,
    input: { rows: string[][]; lines: number[]; mapping: ImportMapping; decisions: Record<string, Decision>; teamId: number | null },
  ): Promise<PlanRow[]>;
  commit(
    trx: Kysely<DB>,
    actor: Actor,
    input: { plan: PlanRow[]; teamId: number | null; deps: CommitDeps },
  ): Promise<{ counts: ImportCounts; effects: NewEffect[]; after?: () => Promise<void> }>;
  undo(trx: Kysely<DB>, input: { effects: (NewEffect & { effect: string })[]; committedAt: string }): Promise<UndoOutcome>;
}

export interface UndoOutcome {
  removed: number;
  restored: number;
  kept: string[];
}
