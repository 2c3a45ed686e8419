import { z } from 'zod';

/**
 * Keyset cursors of the paged lists (ADR 0023): the sort key of the last row a page showed, so the next
 * page starts right after it through an index and costs what the first one costs, at any depth.
 * Opaque to clients (base64url of a JSON array); the server checks its shape and answers 400 otherwise.
 */

export type KeyPart = 'string' | 'number';
type PartValue<P extends KeyPart> = P extends 'string' ? string : number;
export type KeyOf<S extends readonly KeyPart[]> = { -readonly [I in keyof S]: PartValue<S[I]> };

/** The longest cursor accepted: two names of 100 characters and an id fit well within it. */
const CURSOR_MAX = 1000;

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function encodeCursor(key: readonly (string | number)[]): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(key)));
}

function decodeParts(raw: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return undefined;
  try {
    const binary = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

const fits = (part: KeyPart, v: unknown) => (part === 'string' ? typeof v === 'string' : typeof v === 'number' && Number.isFinite(v));

/** The decoded key of a cursor of this shape, or null when it is not one. */
export function decodeCursor<const S extends readonly KeyPart[]>(raw: string, shape: S): KeyOf<S> | null {
  const parts = decodeParts(raw);
  if (!Array.isArray(parts) || parts.length !== shape.length) return null;
  return shape.every((p, i) => fits(p, parts[i])) ? (parts as KeyOf<S>) : null;
}

/** A query parameter holding a cursor of this shape, parsed to its key; anything else is a 400. */
export const cursorParam = <const S extends readonly KeyPart[]>(shape: S) =>
  z
    .string()
    .max(CURSOR_MAX, { error: 'Invalid cursor.' })
    .transform((raw, ctx) => {
      const key = decodeCursor(raw, shape);
      if (key === null) {
        ctx.addIssue({ code: 'custom', message: 'Invalid cursor.' });
        return z.NEVER;
      }
      return key;
    });

/** The cursor after a page's last row, or null when the page was the last one. */
export const nextCursorField = { next: z.string().nullable() };
