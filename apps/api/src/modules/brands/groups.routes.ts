import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupCreatedSchema } from '@krowd/domain/group/group-response.schema';
import { groupCreateSchema } from '@krowd/domain/group/group.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import type { GroupsService } from './groups.service.ts';

/** POST groups: the system admin creates a group of brands with its first Group Admin. */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  app.post(
    '/groups',
    {
      config: { access: 'groups.create' },
      schema: {
        operationId: 'createGroup',
        tags: ['brands'],
        summary:
          'Create a group: its brands move into it and its first Group Admin is mailed a link to set a password',
        body: groupCreateSchema,
        response: { 201: successSchema(groupCreatedSchema.shape), ...errorResponses },
      },
    },
    async (request, reply) => {
      const details = await groups.create(callerOf(request), request.body);
      return reply.code(201).send({ respCode: respCodes.ok, respMessage: messages.group.created, details });
    },
  );
};
