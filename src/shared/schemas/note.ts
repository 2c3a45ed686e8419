import { z } from 'zod';
import { requiredText } from './common.js';

/** Staff notes on a player (docs/product.md#data "Note"). */
export const NOTE_MAX = 10_000;

export const noteSchema = z.object({
  id: z.number(),
  notes: z.string(),
  authorName: z.string(),
  dateModified: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/**
 * API payload: author, note_id, details, authorName. Only details is taken: the author is always the
 * signed-in user and the note id comes from the path.
 */
export const noteSaveSchema = z.object({ details: requiredText(NOTE_MAX) });
export type NoteSave = z.input<typeof noteSaveSchema>;
