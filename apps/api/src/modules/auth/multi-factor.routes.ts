import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  multiFactorSetupAnswerSchema,
  multiFactorStatusAnswerSchema,
  recoveryCodesAnswerSchema,
  signedInSchema,
} from '@krowd/domain/auth/auth-response.schema';
import {
  confirmCodeSchema,
  disableMultiFactorSchema,
  loginSecondStepSchema,
} from '@krowd/domain/auth/multi-factor.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../../config.ts';
import { deviceOf } from '../../http/device.ts';
import { errorResponses, messageOnlySchema, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf, setSessionCookie } from '../../plugins/access.ts';
import type { Accounts } from './accounts.ts';
import type { AuthService } from './auth.service.ts';
import { checkPlaceOf, setKnownDeviceCookie } from './known-devices.ts';
import { completeSignIn, renewRecoveryCodes, turnOff, type MultiFactorService } from './multi-factor.ts';

/**
 * Two-step sign-in: the login's second step, and the signed-in user's set-up,
 * recovery codes and turning it off. docs/decisions.md 'Two-step sign-in'.
 */
export const multiFactorRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  multiFactor: MultiFactorService;
  users: Pick<Accounts, 'findAccountById'>;
  config: Config;
}> = async (app, { auth, multiFactor, users, config }) => {
  app.post(
    '/auth/login/mfa',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'logInSecondStep',
        tags: ['auth'],
        summary:
          "The login's second step: the challenge and a code (or a recovery code); sets the session cookie",
        body: loginSecondStepSchema,
        response: {
          200: successSchema(signedInSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const place = checkPlaceOf(request, config);
      const signedIn = await completeSignIn(
        { auth, multiFactor, users },
        request.body,
        deviceOf(request),
        place,
      );
      setSessionCookie(reply, config, signedIn.accessToken);
      setKnownDeviceCookie(reply, config, await auth.rememberDevice(signedIn.details._id, place.deviceToken));
      return { respCode: respCodes.ok, ...signedIn };
    },
  );

  app.get(
    '/auth/mfa',
    {
      config: { access: 'mfa.manage' },
      schema: {
        operationId: 'getMultiFactorStatus',
        tags: ['auth'],
        summary:
          "Whether the caller's two-step sign-in is on, required, and how many recovery codes are left",
        response: { 200: successSchema(multiFactorStatusAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      details: await multiFactor.status(callerOf(request).account),
    }),
  );

  app.post(
    '/auth/mfa/setup',
    {
      config: { access: 'mfa.manage', authRateLimit: true },
      schema: {
        operationId: 'startMultiFactorSetup',
        tags: ['auth'],
        summary: 'Start setting up two-step sign-in: a new secret and its otpauth URI, confirmed by a code',
        response: { 200: successSchema(multiFactorSetupAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      details: await multiFactor.beginSetup(callerOf(request).account),
    }),
  );

  app.post(
    '/auth/mfa/enable',
    {
      config: { access: 'mfa.manage', authRateLimit: true },
      schema: {
        operationId: 'enableMultiFactor',
        tags: ['auth'],
        summary: 'Confirm the set-up with a code of the app; answers the recovery codes, shown once',
        body: confirmCodeSchema,
        response: { 200: successSchema(recoveryCodesAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      respMessage: messages.multiFactor.enabled,
      details: {
        recoveryCodes: await multiFactor.confirmSetup(callerOf(request), request.body.code),
      },
    }),
  );

  app.post(
    '/auth/mfa/recoveryCodes',
    {
      config: { access: 'mfa.manage', authRateLimit: true },
      schema: {
        operationId: 'renewRecoveryCodes',
        tags: ['auth'],
        summary: 'New recovery codes for a current code; the old ones stop working',
        body: confirmCodeSchema,
        response: { 200: successSchema(recoveryCodesAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      details: {
        recoveryCodes: await renewRecoveryCodes(
          { auth, multiFactor },
          callerOf(request),
          request.body.code,
          checkPlaceOf(request, config),
        ),
      },
    }),
  );

  app.post(
    '/auth/mfa/disable',
    {
      config: { access: 'mfa.manage', authRateLimit: true },
      schema: {
        operationId: 'disableMultiFactor',
        tags: ['auth'],
        summary: 'Turn two-step sign-in off with the current password and a current code',
        body: disableMultiFactorSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await turnOff({ auth, multiFactor }, callerOf(request), request.body, checkPlaceOf(request, config));
      return { respCode: respCodes.ok, respMessage: messages.multiFactor.disabled };
    },
  );
};
