/** A failure the client should see: status, a message for people, and the field it belongs to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);

export const UNREADABLE_UPLOAD = 'The upload could not be read: the form data is malformed or incomplete. Please send it again.';

/**
 * An error while reading a multipart body: our own HttpErrors and the multipart plugin's limit errors
 * (they carry a status) pass through; anything else is the parser refusing a malformed or truncated
 * body the client sent — a 400 on the upload's field, never a 500.
 */
export function uploadReadError(err: unknown, field?: string): Error {
  if (err instanceof HttpError) return err;
  if (err instanceof Error && typeof (err as { statusCode?: unknown }).statusCode === 'number') return err;
  return badRequest(UNREADABLE_UPLOAD, field);
}
