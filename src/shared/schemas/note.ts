import { z } from 'zod';
import { requiredText } from './common.js';

/** Staff notes on a player (SPEC §3 "Note"). */
export const NOTE_MAX = 10_000;

export const noteSchema = z.object({
  id: z.number(),
  notes: z.string(),
  authorName: z.string(),
  dateModified: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/**
 * SPEC payload: author, note_id, details, authorName. Only details is taken: the author is always the
 * signed-in user and the note id comes from the path.
 */
export const noteSaveSchema = z.object({ details: requiredText(NOTE_MAX) });
export type NoteSave = z.input<typeof noteSaveSchema>;
