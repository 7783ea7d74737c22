import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@krowd/domain/messages/messages';
import {
  databaseRetryAfterSeconds,
  isDatabaseUnavailable,
  isTransactionConflict,
} from '../db/database-faults.ts';
import { defaultErrorCode, HttpError } from '../http/errors.ts';
import type { ErrorBody } from '../http/envelope.ts';

/**
 * The one error handler: a message below 500 reaches the client as errorMessage; anything else is
 * logged with its request id and answered with a plain sentence. No stack trace ever leaves. A
 * database that cannot be reached, or a transaction rolled back by a deadlock, answers 503 with
 * Retry-After (db/database-faults.ts). Every
 * error answer carries a machine-readable code (decision 0076): the error's own, else its status's.
 */
export function registerErrorHandling(app: FastifyInstance) {
  // A route that answers a failure itself (a refused file's rows) gets its status's code too.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || !isErrorAnswer(payload) || payload.code !== undefined) return payload;
    return { code: defaultErrorCode(reply.statusCode), ...payload };
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationBody(error));
    }
    if (error instanceof HttpError) {
      const body: ErrorBody = { code: error.code, errorMessage: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(body);
    }
    if (isDatabaseUnavailable(error) || isTransactionConflict(error)) {
      // Its transaction died with the connection, so nothing changed: the caller may send it again.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      return reply
        .code(503)
        .send({ code: 'service_unavailable', errorMessage: messages.common.serviceUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ code: defaultErrorCode(status), errorMessage: clientErrorMessage(error, status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: 'internal_error', errorMessage: messages.common.somethingWentWrong });
  });
}

function isErrorAnswer(payload: unknown): payload is { errorMessage: string; code?: string } {
  return typeof payload === 'object' && payload !== null && 'errorMessage' in payload;
}

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return messages.common.requestTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return messages.common.unsupportedContentType;
    default:
      return status === 429 ? messages.common.tooManyRequests : messages.common.invalidRequest;
  }
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: { keys?: string[] };
}

/** Names the field of every issue in fieldErrors; errorMessage carries the first one's message. */
function validationBody(
  error: FastifyError & { validation?: unknown; validationContext?: string },
): ErrorBody {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'unrecognized_keys') {
      for (const key of issue.params?.keys ?? []) {
        const field = path ? `${path}.${key}` : key;
        fieldErrors[field] ??= messages.validation.unexpectedField;
      }
      continue;
    }
    const field = path || error.validationContext || 'body';
    fieldErrors[field] ??= issue.message ?? messages.validation.invalidValue;
  }
  const message = Object.values(fieldErrors)[0] ?? messages.common.invalidRequest;
  return { code: 'validation_failed', errorMessage: message, fieldErrors };
}
