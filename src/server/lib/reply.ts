import { MSG } from '../../shared/messages.js';
import { errorBody } from '../../shared/schemas/common.js';

/** Response envelopes of docs/product.md#errors. */
export const read = <T>(data: T) => ({ data });
export const written = <T>(data: T) => ({ data, message: MSG.success });
export const jsonList = (text: string | null | undefined): string[] => {
  try {
    const v: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** The `{ message, field? }` body (docs/product.md#errors) under each error status a route documents. */
export const errors = <const S extends number>(...statuses: S[]): Record<S, typeof errorBody> =>
  Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
/** A read that parses input and checks the caller and the object. */
export const readErrors = errors(400, 401, 403, 404);
/** A write: a read's errors plus 409 for a conflict. */
export const writeErrors = errors(400, 401, 403, 404, 409);
