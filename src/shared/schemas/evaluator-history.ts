import { z } from 'zod';
import { idParam } from './common.js';

/** GET /api/evaluator-history (docs/product.md#evaluator-history): one staff evaluator, or every one the caller may see. */
export const evaluatorHistoryQuerySchema = z.object({ user: idParam.optional() });

export const evaluatorSessionSchema = z.object({
  sessionId: z.number(),
  session: z.string(),
  /** The session's last day. */
  date: z.string(),
  /** Percentage points of the total above (+) or below (−) the panel; null when their scores did not count. */
  severity: z.number().nullable(),
  /** The same against the mean of the other evaluators. */
  versusOthers: z.number().nullable(),
  spread: z.number().nullable(),
  /** Players they scored that another counted evaluator scored too. */
  sharedPlayers: z.number(),
  /** Pearson's r of their scores with the others' mean on the same players; null below 3 shared players. */
  agreement: z.number().nullable(),
  /** false when the director excluded their scores (or never admitted them): no figures. */
  counted: z.boolean(),
});
export type EvaluatorSession = z.infer<typeof evaluatorSessionSchema>;

export const evaluatorHistorySchema = z.object({
  evaluators: z.array(
    z.object({
      userId: z.number(),
      name: z.string(),
      /** Oldest first. */
      sessions: z.array(evaluatorSessionSchema),
    }),
  ),
});
export type EvaluatorHistory = z.infer<typeof evaluatorHistorySchema>;
