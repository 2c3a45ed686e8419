import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UNSTORABLE_TEXT } from '../db/errors.js';
import { HttpError } from './errors.js';

/** A NUL, or half of a surrogate pair without its other half (JSON "\ud800"): neither survives a database. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first top-level field (or '' for the value itself) of a parsed body, query or params object
 * holding unstorable text, in keys or values. Iterative: deeply nested JSON cannot overflow the stack.
 */
export function unstorableField(value: unknown): string | null {
  const stack: { value: unknown; field: string }[] = [{ value, field: '' }];
  while (stack.length) {
    const { value: v, field } = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return field;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push({ value: item, field });
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const top = field || k;
        if (UNSTORABLE.test(k)) return top;
        stack.push({ value: item, field: top });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL refuses NUL characters in text and both databases would store a lone surrogate as U+FFFD,
 * so such input is a 400 naming the field — the same answer on SQLite and PostgreSQL, before any
 * handler runs (uploaded CSV files get the same check in csvText).
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = unstorableField(part);
      if (field !== null) throw new HttpError(400, UNSTORABLE_TEXT, field || undefined);
    }
  });
});
