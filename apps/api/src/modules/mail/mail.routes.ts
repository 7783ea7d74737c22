import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema, paginationOf } from '@krowd/domain/list/list.schema';
import { outboxPageSchema } from '@krowd/domain/mail/mail-response.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import type { MailRepository } from './mail.repository.ts';

/** The mail outbox a system admin reads (Settings → Outbox): every mail the product wrote. */
export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailRepository }> = async (app, { mail }) => {
  app.get(
    '/mail/outbox',
    {
      config: { access: 'outbox.read' },
      schema: {
        operationId: 'listOutboxMail',
        tags: ['mail'],
        summary: 'Mail written by the product, newest first',
        querystring: pageQuerySchema.strict(),
        response: {
          200: successSchema(outboxPageSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { rows, total } = await mail.outboxPage(request.query);
      return {
        respCode: respCodes.ok,
        data: rows.map((row) => ({
          _id: row.id,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          status: row.status,
          error: row.error,
          created: row.created_at.toISOString(),
          sent: row.sent_at?.toISOString() ?? null,
        })),
        pagination: paginationOf(request.query, total),
      };
    },
  );
};
