import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@krowd/domain/access/access.rules';
import { sessionUserSchema } from '@krowd/domain/user/session-user.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorResponses, messageOnlySchema, respCodes, successSchema } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { scopeCoversUser } from '../../http/tenant.ts';
import { callerOf } from '../../plugins/access.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersRepository } from './users.repository.ts';

export const idParamsSchema = z.strictObject({ id: z.uuid('Invalid id') });

const userDetailsSchema = sessionUserSchema.extend({
  address: z.string().nullable(),
  status: z.enum(['active', 'deactivated']),
  created: z.iso.datetime(),
});

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersRepository; auth: AuthService }> = async (
  app,
  { users, auth },
) => {
  app.get(
    '/users/:id',
    {
      config: { access: 'session.own' },
      schema: {
        tags: ['users'],
        summary: "A user's details: oneself always, others within the caller's tenant",
        params: idParamsSchema,
        response: { 200: successSchema({ details: userDetailsSchema }), ...errorResponses },
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
