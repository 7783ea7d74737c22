import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ingestQuerySchema } from '@krowd/domain/ingestion/transaction-file.schema';
import { ingestRefusalSchema, ingestResultSchema } from '@krowd/domain/ingestion/ingestion-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorBodySchema, errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from '../../db/database-faults.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import { publisherOf } from '../../plugins/access.ts';
import { markIdempotentEffect } from '../../plugins/idempotency.ts';
import {
  IngestRefused,
  type IngestResult,
  type IngestSource,
  type TransactionIngestion,
} from './ingestion.transactions.ts';
import { ingestExamples } from './transactions.examples.ts';
import { FileUnreadable, withFileOf } from './transaction-file.ts';
import type { Publisher } from './transactions.repository.ts';

const m = messages.ingestion;

/** A JSON array is parsed whole, so it stays small: up to 16 MB. */
const jsonBodyLimit = 16 * 1024 * 1024;

/** The 400 answer to a refused or unreadable file, with each error's line; anything else is rethrown. */
export function refusalOf(error: unknown): z.infer<typeof refusedSchema> {
  if (error instanceof IngestRefused)
    return { code: 'file_refused', errorMessage: error.message, ...error.result };
  if (error instanceof FileUnreadable) {
    return {
      code: 'file_refused',
      errorMessage: error.message,
      ...(error.line === undefined ? {} : { errors: [{ line: error.line, message: error.message }] }),
    };
  }
  throw error;
}

const refusedSchema = errorBodySchema.extend(ingestRefusalSchema.shape);

/** The answers of a route that takes a transactions file: its counts, or why it was refused. */
export const ingestResponses = {
  200: successSchema(ingestResultSchema.shape),
  ...errorResponses,
  400: refusedSchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

/**
 * Ingests the request's file and answers its counts with `respMessage`; a refused or unreadable
 * file answers 400 with each error's line; a database that went away under it answers 503.
 */
export async function answerIngest(
  reply: FastifyReply,
  body: unknown,
  respMessage: string,
  ingest: (source: IngestSource) => Promise<IngestResult>,
) {
  try {
    return { respCode: respCodes.ok, respMessage, ...(await withFileOf(body, ingest)) };
  } catch (error) {
    // The upload's one transaction died with its connection: nothing of the file is stored.
    if (isDatabaseUnavailable(error))
      throw serviceUnavailable(m.databaseUnavailable, databaseRetryAfterSeconds);
    return reply.code(400).send(refusalOf(error));
  }
}

/**
 * Publishers send their transactions (brief §6). The caller is a publisher's system,
 * not a session: the route takes a live publisher key in X-Api-Key (plugins/access.ts checks it
 * before the body is read, 401 otherwise; a test key answers 403: test transactions go to
 * /api/publisher/test-transactions and never reach live figures, decision 0091). The key decides
 * the publisher: every row must name it, and transaction ids are only ever matched within it.
 */
export const transactionsRoutes: FastifyPluginAsyncZod<{
  ingestion: TransactionIngestion;
}> = async (app, { ingestion }) => {
  // The raw stream: the handler keeps it in a temporary file as it arrives, never in memory.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.post(
    '/transactions/ingest',
    {
      // Each row is checked on its own, a NUL included, and reported with its line number.
      config: { access: 'public', publisherKey: ['live'], rowsCheckedByRoute: true, idempotent: true },
      bodyLimit: jsonBodyLimit,
      schema: {
        operationId: 'ingestTransactions',
        tags: ['ingestion'],
        summary: "A publisher's transactions file, with its key in X-Api-Key: every row stored, or none",
        description:
          'Body: text/csv with the header row transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher ' +
          '(optional original_transaction_id for a refund), or application/json: an array of objects with the same fields. ' +
          'A file with an invalid row is refused whole (400, each error with its line) unless partial=true. ' +
          'Re-sending a transaction id changes nothing (duplicates); unknown MIDs are stored and counted as unmatched.',
        consumes: ['text/csv', 'application/json'],
        querystring: ingestQuerySchema,
        body: z.unknown(),
        response: ingestResponses,
        examples: ingestExamples,
      },
    },
    async (request, reply) => {
      const { publisherId, publisherCode } = publisherOf(request);
      const publisher: Publisher = { id: publisherId, code: publisherCode };
      return answerIngest(reply, request.body, m.ingested, (source) =>
        ingestion.ingest(publisher, source, {
          partial: request.query.partial,
          channel: 'api',
          markEffect: (trx) => markIdempotentEffect(request, trx),
        }),
      );
    },
  );
};
