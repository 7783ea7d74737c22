import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@krowd/domain/messages/messages';
import { profileUpdateQuerySchema, profileUpdateSchema } from '@krowd/domain/user/profile.schema';
import { accountDeactivatedSchema, profileUpdatedSchema } from '@krowd/domain/user/user-response.schema';
import type { Config } from '../../config.ts';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf, clearSessionCookie } from '../../plugins/access.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ProfileService } from './profile.service.ts';
import { idParamsSchema } from '../../http/params.ts';

/** My Profile (spec 2 §2.8, §7): update one's own profile; deactivate one's own account. */
export const profileRoutes: FastifyPluginAsyncZod<{
  profiles: ProfileService;
  auth: AuthService;
  config: Config;
}> = async (app, { profiles, auth, config }) => {
  app.put(
    '/users/:id/profile',
    {
      config: { access: 'profile.update' },
      schema: {
        operationId: 'updateProfile',
        tags: ['users'],
        summary:
          "Update one's own profile (also reached as PUT users/{id}?type=profile); the e-mail never changes",
        description:
          'A brand admin may also rename their brand (brandName). With response=true the answer carries the updated user.',
        params: idParamsSchema,
        querystring: profileUpdateQuerySchema,
        body: profileUpdateSchema,
        response: {
          200: successSchema(profileUpdatedSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const updated = await profiles.update(caller, request.params.id, request.body);
      const base = { respCode: respCodes.updated, respMessage: messages.profile.updated };
      if (request.query.response !== 'true') return base;
      const details = await auth.sessionUserOf(updated, caller.source);
      return {
        ...base,
        details: {
          ...details,
          address: updated.address,
          status: updated.status,
          created: updated.created_at.toISOString(),
        },
      };
    },
  );

  app.post(
    '/users/:id/deactivate',
    {
      config: { access: 'account.deactivate' },
      schema: {
        operationId: 'deactivateAccount',
        tags: ['users'],
        summary: "Deactivate one's own account: every session of the user ends and login is refused",
        params: idParamsSchema,
        response: {
          200: successSchema(accountDeactivatedSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      await profiles.deactivate(callerOf(request), request.params.id);
      clearSessionCookie(reply, config);
      return {
        respCode: respCodes.updated,
        respMessage: messages.profile.deactivated,
        details: { _id: request.params.id, status: 'deactivate' as const },
      };
    },
  );
};
