import { messages } from '@krowd/domain/messages/messages';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * The machine-readable `code` of every error answer, beside its errorMessage (decision 0076): a
 * client branches on the code, never on the sentence. A status's default code is first; the
 * specific codes are those a client must tell apart from the status's other failures. Codes are
 * never renamed or removed; new ones are added at the end.
 */
export const errorCodes = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'file_refused',
  'api_key_invalid',
  'api_key_wrong_mode',
  'mfa_setup_required',
  'account_deactivated',
  'email_not_verified',
  'terms_not_accepted',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
  'idempotency_key_answer_lost',
  'idempotency_key_invalid',
  'signature_invalid',
  'holdouts_not_honoured',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

const defaultCodes: Record<ErrorStatus, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
};

/** The code a failure with this status carries when nothing more specific was said. */
export function defaultErrorCode(status: number): ErrorCode {
  if (status in defaultCodes) return defaultCodes[status as ErrorStatus];
  return status >= 500 ? 'internal_error' : 'validation_failed';
}

/**
 * An error whose message a user may see. Services throw these; the error handler turns them into
 * the envelope's errorMessage and code with the status given. Anything else becomes a plain 500.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: Exclude<ErrorStatus, 500>,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** For 429 and 503: how long until trying again makes sense (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
    /** A specific code for a client to branch on; the status's default otherwise. */
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? defaultErrorCode(statusCode);
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(400, message, fieldErrors);
/**
 * A 400 naming the fields at fault: the first field's message is the one a person reads
 * (errorMessage), each field's is in fieldErrors for the form. A field's name never prefixes a
 * message shown to a person.
 */
export const invalidFields = (fieldErrors: Record<string, string>) =>
  new HttpError(400, Object.values(fieldErrors)[0] ?? messages.common.invalidRequest, fieldErrors);
export const invalidField = (field: string, message: string) => invalidFields({ [field]: message });
export const unauthorized = (message: string = messages.common.loginRequired, code?: ErrorCode) =>
  new HttpError(401, message, undefined, undefined, code);
export const forbidden = (message: string = messages.common.forbidden, code?: ErrorCode) =>
  new HttpError(403, message, undefined, undefined, code);
export const notFound = (message: string = messages.common.notFound) => new HttpError(404, message);
export const conflict = (message: string, code?: ErrorCode) =>
  new HttpError(409, message, undefined, undefined, code);
export const gone = (message: string) => new HttpError(410, message);
export const unprocessable = (message: string, code?: ErrorCode) =>
  new HttpError(422, message, undefined, undefined, code);
export const tooManyRequests = (
  message: string = messages.common.tooManyRequests,
  retryAfterSeconds?: number,
) => new HttpError(429, message, undefined, retryAfterSeconds);
/** The service cannot do this right now (the database is away); nothing was changed. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, undefined, retryAfterSeconds);
