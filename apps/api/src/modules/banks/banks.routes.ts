import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankDetailsSchema,
  bankListQuerySchema,
  bankRowSchema,
  bankUpdateSchema,
} from '@krowd/domain/bank/bank.schema';
import { paginationSchema } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import { idParamsSchema } from '../users/users.routes.ts';
import type { BanksService } from './banks.service.ts';

/** Banks: the system admin's list, a bank's details ({entityType}s/{id}) and My Bank's update. */
export const banksRoutes: FastifyPluginAsyncZod<{ banks: BanksService }> = async (app, { banks }) => {
  app.get(
    '/banks',
    {
      config: { access: 'banks.list' },
      schema: {
        tags: ['banks'],
        summary: 'Every bank with its active users: paged, sorted and searched by name (3+ characters)',
        querystring: bankListQuerySchema,
        response: {
          200: successSchema({ data: z.array(bankRowSchema), pagination: paginationSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ respCode: respCodes.ok, ...(await banks.list(request.query)) }),
  );

  app.get(
    '/banks/:id',
    {
      config: { access: 'banks.read' },
      schema: {
        tags: ['banks'],
        summary: "A bank's details: a bank user's own bank, any bank for a system admin",
        params: idParamsSchema,
        response: { 200: successSchema({ details: bankDetailsSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      details: await banks.details(callerOf(request), request.params.id),
    }),
  );

  app.put(
    '/banks/:id',
    {
      config: { access: 'banks.manage' },
      schema: {
        tags: ['banks'],
        summary: "Change one's own bank's details (My Bank): an admin of the bank only",
        params: idParamsSchema,
        body: bankUpdateSchema,
        response: { 200: successSchema({ details: bankDetailsSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: messages.bank.updated,
      details: await banks.update(callerOf(request), request.params.id, request.body),
    }),
  );
};
