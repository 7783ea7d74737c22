import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ingestQuerySchema } from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import { isBodyStream } from '../../http/csv-stream.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import type { TransactionIngestion } from './ingestion.transactions.ts';
import type { TransactionsRepository } from './transactions.repository.ts';
import { answerIngestInLines, wantsProgressLines } from './ingest-progress.ts';
import { answerIngest, ingestResponses } from './transactions.routes.ts';

const m = messages.ingestion;

const uploadQuerySchema = ingestQuerySchema.extend({
  publisher: z.uuid(m.uploadPublisherRequired),
  fileName: z.string().trim().min(1).max(255).optional(),
});

/**
 * The admin console's upload of a publisher's transactions file: the system admin
 * chooses the publisher, and the file goes through the same checks, engine and single database
 * transaction as the publisher's own POST /transactions/ingest, answering the same way. Its
 * ingestion log records the console channel, the file name and who uploaded it.
 */
export const consoleUploadRoutes: FastifyPluginAsyncZod<{
  transactions: TransactionsRepository;
  ingestion: TransactionIngestion;
}> = async (app, { transactions, ingestion }) => {
  // The raw stream: kept in a temporary file as it arrives, never in memory.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.post(
    '/ingestionLogs/upload',
    {
      config: { access: 'ingestionLogs.upload' },
      schema: {
        operationId: 'uploadTransactions',
        tags: ['ingestion'],
        summary: "Upload a publisher's transactions file from the admin console: every row stored, or none",
        description:
          'Body: text/csv in the format of POST /transactions/ingest, every row naming the chosen publisher. ' +
          'A file with an invalid row is refused whole (400, each error with its line) unless partial=true. ' +
          'With Accept: application/x-ndjson the answer comes in lines once the file is in: ' +
          '{"progress":{"rowsRead","rowsQualified"}} before each page, then {"status","answer"} with what the JSON answer would be; ' +
          'closing the connection cancels the upload and stores nothing.',
        consumes: ['text/csv'],
        querystring: uploadQuerySchema,
        response: ingestResponses,
      },
    },
    async (request, reply) => {
      const { publisher: publisherId, fileName, partial } = request.query;
      if (fileName !== undefined && !/\.csv$/i.test(fileName)) throw badRequest(m.uploadFileNotCsv);
      const publisher = await transactions.publisherById(publisherId);
      if (!publisher) throw notFound(m.uploadPublisherNotFound);
      if (!isBodyStream(request.body)) throw badRequest(m.uploadFileRequired);
      const options = {
        partial,
        channel: 'console' as const,
        upload: { fileName: fileName ?? null, userId: callerOf(request).account.id },
      };
      // A browser that shows the upload's progress asks for the answer in lines (ingest-progress.ts).
      if (wantsProgressLines(request)) {
        return answerIngestInLines(request, reply, request.body, m.uploaded, (source, progress) =>
          ingestion.ingest(publisher, source, { ...options, progress }),
        );
      }
      return answerIngest(reply, request.body, m.uploaded, (source) =>
        ingestion.ingest(publisher, source, options),
      );
    },
  );
};
