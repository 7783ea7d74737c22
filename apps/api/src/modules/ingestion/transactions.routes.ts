import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ingestQuerySchema,
  optionalTransactionColumns,
  transactionColumns,
} from '@krowd/domain/ingestion/transaction-file.schema';
import { ingestRefusalSchema, ingestResultSchema } from '@krowd/domain/ingestion/ingestion-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorBodySchema, errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { CsvSyntaxError } from '../../http/csv.ts';
import { csvRecordBatchesOf, CsvStreamError, isBodyStream } from '../../http/csv-stream.ts';
import { HttpError, unauthorized } from '../../http/errors.ts';
import {
  IngestRefused,
  type IngestItem,
  type IngestResult,
  type IngestSource,
  type TransactionIngestion,
} from './ingestion.transactions.ts';
import { withSpooledUpload } from './upload-spool.ts';
import type { Publisher, TransactionsRepository } from './transactions.repository.ts';

const m = messages.ingestion;

/** A CSV file is read as it arrives, up to 1 GB (some 8 million rows of brief §6). */
const csvMaxMegabytes = 1024;
/** A JSON array is parsed whole, so it stays small: up to 16 MB. */
const jsonBodyLimit = 16 * 1024 * 1024;

/** A file that cannot be read at all: nothing is stored, partial or not. */
export class FileUnreadable extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'FileUnreadable';
  }
}

const knownColumns = new Set<string>([...transactionColumns, ...optionalTransactionColumns]);

/** The header row's column names, when it has every column of brief §6 and no other. */
function headerOf(cells: string[], line: number): string[] {
  const names = cells.map((cell) => cell.trim());
  const complete = transactionColumns.every((column) => names.includes(column));
  const known = names.every((name) => knownColumns.has(name));
  if (!complete || !known || new Set(names).size !== names.length)
    throw new FileUnreadable(m.headerInvalid, line);
  return names;
}

/**
 * The rows of a CSV stream by column name, a piece of the stream at a time; a row with the wrong
 * number of values is an error.
 */
export async function* csvItems(stream: AsyncIterable<Uint8Array | string>): AsyncGenerator<IngestItem[]> {
  let header: string[] | null = null;
  try {
    for await (const records of csvRecordBatchesOf(stream, csvMaxMegabytes * 1024 * 1024)) {
      const items: IngestItem[] = [];
      for (const record of records) {
        if (!header) {
          header = headerOf(record.cells, record.line);
          continue;
        }
        if (record.cells.length !== header.length) {
          items.push({ line: record.line, error: m.rowColumns });
          continue;
        }
        const fields: Record<string, unknown> = {};
        for (let index = 0; index < header.length; index += 1) fields[header[index]!] = record.cells[index];
        items.push({ line: record.line, fields });
      }
      if (items.length > 0) yield items;
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new FileUnreadable(error.userMessage, error.line);
    if (error instanceof CsvStreamError && error.reason === 'notText')
      throw new FileUnreadable(m.fileNotText);
    if (error instanceof CsvStreamError) throw new HttpError(413, m.fileTooLarge(csvMaxMegabytes));
    throw error;
  }
  if (!header) throw new FileUnreadable(m.fileEmpty);
}

/** The items of a JSON array, numbered from 1 (in one piece: the array is parsed whole). */
async function* jsonItems(items: unknown[]): AsyncGenerator<IngestItem[]> {
  yield items.map((item, index) =>
    item === null || typeof item !== 'object' || Array.isArray(item)
      ? { line: index + 1, error: m.rowNotObject }
      : { line: index + 1, fields: item as Record<string, unknown> },
  );
}

/**
 * Runs `work` with the body as the file's items, readable from the start as often as ingestion
 * needs: a text/csv stream kept in a temporary file as it arrives (upload-spool.ts), or a parsed
 * JSON array.
 */
export async function withFileOf<T>(body: unknown, work: (source: IngestSource) => Promise<T>): Promise<T> {
  if (Array.isArray(body)) return work(() => jsonItems(body));
  if (!isBodyStream(body)) {
    throw new FileUnreadable(body === undefined || body === null ? m.fileEmpty : m.fileNotArray);
  }
  const limits = {
    maxBytes: csvMaxMegabytes * 1024 * 1024,
    tooLarge: () => new HttpError(413, m.fileTooLarge(csvMaxMegabytes)),
  };
  return withSpooledUpload(body, limits, (read) => work(() => csvItems(read())));
}

/** The 400 answer to a refused or unreadable file, with each error's line; anything else is rethrown. */
function refusalOf(error: unknown): z.infer<typeof refusedSchema> {
  if (error instanceof IngestRefused) return { errorMessage: error.message, ...error.result };
  if (error instanceof FileUnreadable) {
    return {
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
 * file answers 400 with each error's line.
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
    return reply.code(400).send(refusalOf(error));
  }
}

/**
 * Publishers send their transactions (brief §6, issue 5 §1). The caller is a publisher's system,
 * not a session: the route is 'public' to the session check of plugins/access.ts, and its own
 * onRequest hook (before the body is read) requires the publisher's key in X-Api-Key, answering
 * 401 with messages.ingestion.apiKeyInvalid otherwise. The key decides the publisher: every row
 * must name it, and transaction ids are only ever matched within it.
 */
export const transactionsRoutes: FastifyPluginAsyncZod<{
  transactions: TransactionsRepository;
  ingestion: TransactionIngestion;
}> = async (app, { transactions, ingestion }) => {
  // The raw stream: the handler keeps it in a temporary file as it arrives, never in memory.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  const publishers = new WeakMap<FastifyRequest, Publisher>();

  app.post(
    '/transactions/ingest',
    {
      // Each row is checked on its own, a NUL included, and reported with its line number.
      config: { access: 'public', rowsCheckedByRoute: true },
      bodyLimit: jsonBodyLimit,
      onRequest: async (request) => {
        const key = request.headers['x-api-key'];
        const publisher =
          typeof key === 'string' && key ? await transactions.publisherByApiKey(key) : undefined;
        if (!publisher) throw unauthorized(m.apiKeyInvalid);
        publishers.set(request, publisher);
      },
      schema: {
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
      },
    },
    async (request, reply) => {
      const publisher = publishers.get(request)!;
      return answerIngest(reply, request.body, m.ingested, (source) =>
        ingestion.ingest(publisher, source, { partial: request.query.partial, channel: 'api' }),
      );
    },
  );
};
