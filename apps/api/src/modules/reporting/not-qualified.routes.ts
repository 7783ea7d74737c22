import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notQualifiedAnswerSchema,
  notQualifiedPageSchema,
  notQualifiedRequestSchema,
  notQualifiedTransactionsRequestSchema,
} from '@krowd/domain/dashboard/not-qualified.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import type { NotQualifiedService } from './not-qualified.service.ts';

/** "Why not qualified" on the dashboard (docs/decisions/0130): counts by reason, and a reason's transactions. */
export const notQualifiedRoutes: FastifyPluginAsyncZod<{ service: NotQualifiedService }> = async (
  app,
  { service },
) => {
  app.post(
    '/dashboard/not-qualified',
    {
      config: { access: 'dashboard.reasons' },
      schema: {
        operationId: 'getNotQualifiedReasons',
        tags: ['dashboard'],
        summary:
          "The dashboard's not-qualified purchases (its conditions, within scope) counted by the reason stored with each, with their spend in pence, largest first",
        description:
          'Refunds are left out. Customer type and offer type are not applied (a not-qualified transaction has neither) and are named in `notApplied` when chosen.',
        body: notQualifiedRequestSchema,
        response: { 200: successSchema({ notQualified: notQualifiedAnswerSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { respCode: respCodes.ok, notQualified: await service.counts(caller.scope, request.body) };
    },
  );

  app.post(
    '/dashboard/not-qualified/transactions',
    {
      config: { access: 'dashboard.reasons' },
      schema: {
        operationId: 'getNotQualifiedTransactions',
        tags: ['dashboard'],
        summary:
          "A page of the dashboard's not-qualified purchases of one reason (and a cap's number), in local time order; `after` is the previous page's `next`",
        body: notQualifiedTransactionsRequestSchema,
        response: { 200: successSchema(notQualifiedPageSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { respCode: respCodes.ok, ...(await service.transactions(caller.scope, request.body)) };
    },
  );
};
