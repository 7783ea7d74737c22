import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientListCreatedSchema,
  clientListCreateSchema,
} from '@krowd/domain/client-list/client-list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import type { ClientListsService } from './client-lists.service.ts';

/** POST clientList/create (spec 1 §7; decision 0094): a client admin saves a list of brands. */
export const clientListsRoutes: FastifyPluginAsyncZod<{ clientLists: ClientListsService }> = async (
  app,
  { clientLists },
) => {
  app.post(
    '/clientList/create',
    {
      config: { access: 'clientLists.create' },
      schema: {
        operationId: 'createClientList',
        tags: ['brands'],
        summary: "Save a named list of brands the client admin follows; the list is the caller's own",
        body: clientListCreateSchema,
        response: { 201: successSchema(clientListCreatedSchema.shape), ...errorResponses },
      },
    },
    async (request, reply) => {
      const details = await clientLists.create(callerOf(request), request.body);
      return reply
        .code(201)
        .send({ respCode: respCodes.ok, respMessage: messages.clientList.created, details });
    },
  );
};
