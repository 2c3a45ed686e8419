import { z } from 'zod';
import { MSG } from '../messages.js';

/** A required, trimmed text field whose error is 'This field is required' (docs/product.md#validation). */
export const requiredText = (max = 200) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(max, { error: `At most ${max} characters.` });

/** The longest first or last name. */
export const NAME_MAX = 100;

/** A person's first and last name, both required. */
export const personNameFields = { first_name: requiredText(NAME_MAX), last_name: requiredText(NAME_MAX) };

export const optionalText = (max = 5000) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters.` })
    .default('');

/** The largest id a table can hold (PostgreSQL `integer`); a larger one is refused, not sent to the database. */
export const MAX_ID = 2_147_483_647;

/** The one parser of ids in paths and queries. */
export const idParam = z.coerce
  .number({ error: 'Invalid id.' })
  .int()
  .positive({ error: 'Invalid id.' })
  .max(MAX_ID, { error: 'Invalid id.' });

export const idParams = z.object({ id: idParam });

/**
 * The player area builds some addresses with a stray '}' after the player id (/api/player/12}/notes);
 * those reads accept it (docs/product.md#api). The id is still parsed by idParam.
 */
export const braceTolerantId = z.preprocess((v) => (typeof v === 'string' ? v.replace(/\}+$/, '') : v), idParam);
export const braceTolerantIdParams = z.object({ id: braceTolerantId });

/** Form selects send ids as strings or numbers; both are accepted. */
export const requiredId = z.coerce
  .number({ error: MSG.required })
  .int({ error: MSG.required })
  .positive({ error: MSG.required })
  .max(MAX_ID, { error: 'Invalid id.' });

export const emailField = z
  .string({ error: MSG.required })
  .trim()
  .toLowerCase()
  .min(1, { error: MSG.required })
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use the date format YYYY-MM-DD.' });

/** A real calendar day (2026-02-30 is refused) between 1970 and 2999, for dates in queries. */
export const calendarDay = isoDate.refine(
  (v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1970-01-01' && v <= '2999-12-31';
  },
  { error: 'Use a real date in the format YYYY-MM-DD.' },
);

export const urlList = z
  .array(z.string().trim().max(2000))
  .default([])
  .transform((list) => list.filter((u) => u.length > 0))
  .pipe(z.array(z.url({ protocol: /^https?$/, error: 'Please enter a valid http(s) link.' })));

/** A row (team, level, criterion, session, user…) as other answers name it: its id and name. */
export const refFields = { id: z.number(), name: z.string() };

/** A team as other answers name it: its id and name. */
export const teamRefSchema = z.object(refFields);
export type TeamRef = z.infer<typeof teamRefSchema>;

/** The paging of a list answer: how many rows in all, this page and its size. */
export const pageFields = { total: z.number(), page: z.number(), pageSize: z.number() };

export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
export const writeEnvelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string() });
export const errorBody = z.object({ message: z.string(), field: z.string().optional() });
