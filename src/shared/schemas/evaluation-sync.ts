import { z } from 'zod';
import { MAX_ID } from './common.js';
import { attemptsInput, EVALUATION_NOTES_MAX } from './evaluation.js';

/** POST /api/evaluations/sync: at most this many entries per batch (the outbox splits longer queues). */
export const SYNC_BATCH_MAX = 100;

/** Ids beyond the database's integer range are a malformed body (400), never sent to the database. */
const rowId = z.number().int().positive().max(MAX_ID);

/** One evaluation scored courtside while offline, as kept in the device's outbox. */
export const syncEntrySchema = z.object({
  /** crypto.randomUUID() on the device, one per evaluation: the server writes each client_id once. */
  client_id: z.string().uuid(),
  /** The courtside sheet it was scored on (membership check). */
  team_id: rowId,
  player_id: rowId,
  criteria_id: rowId,
  /** As evaluationSaveSchema: 1..10 or 'Yes'/'No' by level kind. */
  score: z.union([z.number(), z.string()]),
  /** A measured criterion's attempts as tapped (the value may also come as text in `score`). */
  attempts: attemptsInput,
  notes: z.string().max(EVALUATION_NOTES_MAX).default(''),
  /** Evaluation date chosen on the sheet. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** When the coach tapped it on the device (ISO, UTC). */
  recorded_at: z.string().datetime(),
});

export const syncBatchSchema = z.object({ entries: z.array(syncEntrySchema).min(1).max(SYNC_BATCH_MAX) });

export const SYNC_REFUSALS = ['not_on_team', 'player_deleted', 'criterion_deleted', 'forbidden', 'invalid_score', 'invalid_date'] as const;

export const syncResultSchema = z.object({
  client_id: z.string(),
  status: z.enum(['saved', 'refused']),
  /** Present when saved (also on a repeat of an entry already written). */
  evaluation_id: z.number().int().optional(),
  /** Present when refused. */
  reason: z.enum(SYNC_REFUSALS).optional(),
  /** Human text when refused, e.g. 'Ana Diaz is no longer on U14 Boys.' */
  message: z.string().optional(),
});

/** One result per entry, in the order of the batch. */
export const syncAnswerSchema = z.object({ results: z.array(syncResultSchema) });

export type SyncEntry = z.infer<typeof syncEntrySchema>;
export type SyncEntryInput = z.input<typeof syncEntrySchema>;
export type SyncBatch = z.infer<typeof syncBatchSchema>;
export type SyncBatchInput = z.input<typeof syncBatchSchema>;
export type SyncRefusal = (typeof SYNC_REFUSALS)[number];
export type SyncResult = z.infer<typeof syncResultSchema>;
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;
