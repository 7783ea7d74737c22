import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '@krowd/domain/access/access.rules';
import {
  userDetailsAnswerSchema,
  userListPageSchema,
  userSavedSchema,
} from '@krowd/domain/user/user-response.schema';
import { userCreateSchema, userListQuerySchema, userUpdateSchema } from '@krowd/domain/user/user.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorResponses, messageOnlySchema, respCodes, successSchema } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { idParamsSchema } from '../../http/params.ts';
import { scopeCoversUser } from '../../http/tenant.ts';
import { callerOf } from '../../plugins/access.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersRepository } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

const userDetailsResponseSchema = successSchema(userSavedSchema.shape);

/**
 * Users: one's own details and terms, and the Users / Bank Users screens (spec 2 §2.5, §7): the
 * entity list, add (with a set-password mail), edit and delete.
 */
export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersRepository;
  auth: AuthService;
  service: UsersService;
}> = async (app, { users, auth, service }) => {
  app.get(
    '/users',
    {
      config: { access: 'users.read', keptAnswer: true },
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary:
          "The Users list: the caller's brand, group (or one brand of it) or bank; paged, sorted, searched (3+ characters)",
        querystring: userListQuerySchema,
        response: {
          200: successSchema(userListPageSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.list(callerOf(request), request.query)),
    }),
  );

  app.post(
    '/users',
    {
      config: { access: 'users.manage' },
      schema: {
        operationId: 'createUser',
        tags: ['users'],
        summary: 'Add a user within reach; they get an e-mail with a link to set their password',
        body: userCreateSchema,
        response: { 201: userDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const details = await service.create(callerOf(request), request.body);
      return reply.code(201).send({ respCode: respCodes.ok, respMessage: messages.user.added, details });
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'users.manage' },
      schema: {
        operationId: 'updateUser',
        tags: ['users'],
        summary: 'Edit a user within reach: names, phone, role, brand; never the e-mail or the password',
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: userDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: messages.user.updated,
      details: await service.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'users.manage' },
      schema: {
        operationId: 'deleteUser',
        tags: ['users'],
        summary: 'Delete a user within reach (never oneself); their sessions end',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.remove(callerOf(request), request.params.id);
      return { respCode: respCodes.deleted, respMessage: messages.user.deleted };
    },
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'session.own' },
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        summary: "A user's details: oneself always, others within the caller's tenant",
        params: idParamsSchema,
        response: { 200: successSchema(userDetailsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const account = await users.findAccountById(request.params.id);
      const isSelf = request.params.id === caller.account.id;
      if (
        !account ||
        (!isSelf && !(can(caller.audience, 'users.read') && scopeCoversUser(caller.scope, account)))
      ) {
        throw notFound();
      }
      const details = await auth.sessionUserOf(account);
      return {
        respCode: respCodes.ok,
        details: {
          ...details,
          address: account.address,
          status: account.status,
          created: account.created_at.toISOString(),
        },
      };
    },
  );

  app.post(
    '/users/acceptTerms',
    {
      config: { access: 'session.own' },
      schema: {
        operationId: 'acceptTerms',
        tags: ['users'],
        summary: 'Record that the caller accepted the reward-partner terms (asked before the first campaign)',
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await users.acceptTerms(callerOf(request).account.id);
      return { respCode: respCodes.updated, respMessage: messages.campaign.termsAccepted };
    },
  );
};
