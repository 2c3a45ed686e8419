import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { MSG } from '../../shared/messages.js';
import { clientDataError } from '../db/errors.js';
import { HttpError } from './errors.js';

/** Errors answer `{ message, field? }` (docs/product.md#errors); never a stack trace or SQL. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ message: err.message, ...(err.field ? { field: err.field } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.split('/').filter(Boolean)[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request.', ...(field ? { field } : {}) });
    }
    if (err instanceof ZodError) {
      const first = err.issues[0];
      const field = first?.path[0];
      return reply
        .status(400)
        .send({ message: first?.message ?? 'Invalid request.', ...(field !== undefined ? { field: String(field) } : {}) });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: MSG.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      const message = status === 413 ? 'The file or request is too large.' : 'Invalid request.';
      return reply.status(status).send({ message });
    }
    const dataError = clientDataError(err);
    if (dataError) {
      req.log.warn({ err }, 'the database refused a value that passed validation');
      return reply.status(400).send({ message: dataError });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
