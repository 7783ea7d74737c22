import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ingestQuerySchema } from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import { isBodyStream } from '../../http/csv-stream.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import type { TransactionIngestion } from './ingestion.transactions.ts';
import type { TransactionsRepository } from './transactions.repository.ts';
import { answerIngest, ingestResponses } from './transactions.routes.ts';

const m = messages.ingestion;

const uploadQuerySchema = ingestQuerySchema.extend({
  publisher: z.uuid(m.uploadPublisherRequired),
  fileName: z.string().trim().min(1).max(255).optional(),
});

/**
 * The admin console's upload of a publisher's transactions file (issue 5 §1): the system admin
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
        tags: ['ingestion'],
        summary: "Upload a publisher's transactions file from the admin console: every row stored, or none",
        description:
          'Body: text/csv in the format of POST /transactions/ingest, every row naming the chosen publisher. ' +
          'A file with an invalid row is refused whole (400, each error with its line) unless partial=true.',
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
      return answerIngest(reply, request.body, m.uploaded, (source) =>
        ingestion.ingest(publisher, source, {
          partial,
          channel: 'console',
          upload: { fileName: fileName ?? null, userId: callerOf(request).account.id },
        }),
      );
    },
  );
};
