import { messages } from '@krowd/domain/messages/messages';

/**
 * An error whose message a user may see. Services throw these; the error handler turns them into
 * the envelope's errorMessage with the status given. Anything else becomes a plain 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** For 429: how long until trying again makes sense (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(400, message, fieldErrors);
/**
 * A 400 naming the fields at fault: the first field's message is the one a person reads
 * (errorMessage), each field's is in fieldErrors for the form. A field's name never prefixes a
 * message shown to a person (issue 16 §17).
 */
export const invalidFields = (fieldErrors: Record<string, string>) =>
  new HttpError(400, Object.values(fieldErrors)[0] ?? messages.common.invalidRequest, fieldErrors);
export const invalidField = (field: string, message: string) => invalidFields({ [field]: message });
export const unauthorized = (message: string = messages.common.loginRequired) => new HttpError(401, message);
export const forbidden = (message: string = messages.common.forbidden) => new HttpError(403, message);
export const notFound = (message: string = messages.common.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const tooManyRequests = (
  message: string = messages.common.tooManyRequests,
  retryAfterSeconds?: number,
) => new HttpError(429, message, undefined, retryAfterSeconds);
