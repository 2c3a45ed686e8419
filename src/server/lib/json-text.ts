import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * JSON text of values from the score-version caches, which are never mutated: validated against the
 * answer's schema and serialized once per cached object instead of on every answer (validating and
 * serializing a board page cost more than the rest of a warm request). `shape` maps the cached value
 * to the answer's form first.
 */
export function jsonTextOf<T extends object, S extends z.ZodType>(schema: S, shape: (value: T) => unknown = (value) => value) {
  const texts = new WeakMap<T, string>();
  return (value: T): string => {
    let text = texts.get(value);
    if (text === undefined) texts.set(value, (text = JSON.stringify(schema.parse(shape(value)))));
    return text;
  };
}

/** The text of an object: `texts` spliced in as they are, then `fields` (already validated). */
export function objectText(texts: Record<string, string>, fields: object): string {
  const spliced = Object.entries(texts).map(([key, text]) => `${JSON.stringify(key)}:${text}`);
  const rest = JSON.stringify(fields).slice(1, -1);
  return `{${rest ? [...spliced, rest].join(',') : spliced.join(',')}}`;
}

/** Sends `{"data": text}` (the read envelope, docs/product.md#errors). Fastify does not run the route serializer on a JSON string. */
export function sendDataText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`{"data":${text}}`);
}

/** Sends an answer already made as JSON text (an envelope with fields beside `data`). */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
