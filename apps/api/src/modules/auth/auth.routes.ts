import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  changeRecoverPasswordSchema,
  createPasswordSchema,
  entityTypes,
  emailField,
  guestTokenQuerySchema,
  signupSchema,
  confirmEmailSchema,
} from '@krowd/domain/auth/auth.schema';
import {
  secondStepDueSchema,
  sessionAnswerSchema,
  signedInSchema,
} from '@krowd/domain/auth/auth-response.schema';
import { loginSchema } from '@krowd/domain/auth/login.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../../config.ts';
import { deviceOf } from '../../http/device.ts';
import { errorResponses, messageOnlySchema, respCodes, successSchema } from '../../http/envelope.ts';
import {
  callerOf,
  clearSessionCookie,
  clearSignedInHint,
  hasSignedInHint,
  setSessionCookie,
} from '../../plugins/access.ts';
import type { AuthService } from './auth.service.ts';
import { checkPlaceOf, setKnownDeviceCookie } from './known-devices.ts';

const signedInAnswerSchema = successSchema(signedInSchema.shape);
// Fastify hands a missing body to the validator as null, so an optional body must accept null.
const optionalEntityBody = z
  .strictObject({ entityType: z.enum([...entityTypes, 'user']).optional() })
  .nullish();

/**
 * Sign-in and account access (spec 1 §7). Sign-up and guest login sit under users/ in the spec's
 * paths but are account-access flows, so they live here.
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (
  app,
  { auth, config },
) => {
  app.post(
    '/auth/login',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'logIn',
        tags: ['auth'],
        summary:
          'Log in with e-mail and password; sets the session cookie, or answers the challenge of a second step (POST auth/login/mfa)',
        body: loginSchema,
        response: {
          200: z.union([signedInAnswerSchema, successSchema(secondStepDueSchema.shape)]),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { deviceToken } = checkPlaceOf(request, config);
      const answer = await auth.login(
        request.body.email,
        request.body.password,
        deviceOf(request),
        deviceToken,
      );
      if ('mfaRequired' in answer) return { respCode: respCodes.ok, ...answer };
      setSessionCookie(reply, config, answer.accessToken);
      setKnownDeviceCookie(reply, config, await auth.rememberDevice(answer.details._id, deviceToken));
      return { respCode: respCodes.ok, ...answer };
    },
  );

  app.get(
    '/users/checkGuestUser',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'logInAsGuest',
        tags: ['auth'],
        summary: 'One-click login from a guest link token',
        querystring: guestTokenQuerySchema,
        response: { 200: signedInAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.guestLogin(request.query.token, deviceOf(request));
      setSessionCookie(reply, config, signedIn.accessToken);
      return { respCode: respCodes.ok, ...signedIn };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'optional', duringMfaSetup: true },
      schema: {
        operationId: 'logOut',
        tags: ['auth'],
        summary: 'End the session',
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.auth) await auth.logout(request.auth.sessionId);
      clearSessionCookie(reply, config);
      return { respCode: respCodes.ok, respMessage: messages.auth.loggedOut };
    },
  );

  app.get(
    '/auth/session',
    {
      config: { access: 'optional', duringMfaSetup: true },
      schema: {
        operationId: 'getSession',
        tags: ['auth'],
        summary: 'The signed-in user, or null when signed out (the browser calls this on start)',
        response: { 200: successSchema(sessionAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.auth && hasSignedInHint(request)) clearSignedInHint(reply, config);
      return {
        respCode: respCodes.ok,
        details: request.auth ? await auth.sessionUserOf(request.auth.account, request.auth.source) : null,
      };
    },
  );

  app.post(
    '/users/signup',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'signUp',
        tags: ['auth'],
        summary:
          'Sign up for a brand account: the same answer whether or not the e-mail has one; a confirmation link is mailed',
        body: signupSchema,
        response: { 201: messageOnlySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { firstName, lastName, email, password } = request.body;
      await auth.signup({ firstName, lastName, email, password });
      return reply.code(201).send({ respCode: respCodes.ok, respMessage: messages.auth.signupSuccess });
    },
  );

  app.post(
    '/auth/confirmEmail',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'confirmEmail',
        tags: ['auth'],
        summary: "Confirm a sign-up's e-mail address with the mailed link's token",
        body: confirmEmailSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.confirmEmail(request.body.token);
      return { respCode: respCodes.ok, respMessage: messages.auth.emailVerified };
    },
  );

  app.post(
    '/auth/forgotPassword',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'requestPasswordRecovery',
        tags: ['auth'],
        summary: 'Mail a password-recovery link (same answer whether or not the e-mail exists)',
        querystring: z.strictObject({ email: emailField }),
        body: optionalEntityBody,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.query.email);
      return { respCode: respCodes.ok, respMessage: messages.auth.forgotPasswordSent };
    },
  );

  app.post(
    '/auth/changeRecoverPassword',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'recoverPassword',
        tags: ['auth'],
        summary: 'Set a new password with a recovery link token (sent as enEmail)',
        body: changeRecoverPasswordSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.recoverPassword(request.body.enEmail, request.body.newPassword);
      return { respCode: respCodes.ok, respMessage: messages.auth.passwordRecovered };
    },
  );

  app.post(
    '/auth/createPassword',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'createPassword',
        tags: ['auth'],
        summary: 'Set the first password with a set-password link token',
        body: createPasswordSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.createPassword(request.body.token, request.body.newPassword);
      return { respCode: respCodes.ok, respMessage: messages.auth.passwordCreated };
    },
  );

  app.post(
    '/auth/changePassword',
    {
      config: { access: 'password.change', authRateLimit: true },
      schema: {
        operationId: 'changePassword',
        tags: ['auth'],
        summary: "Change the caller's password; every session of theirs ends",
        body: changePasswordSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      await auth.changePassword(
        callerOf(request),
        currentPassword,
        newPassword,
        checkPlaceOf(request, config),
      );
      clearSessionCookie(reply, config);
      return { respCode: respCodes.ok, respMessage: messages.auth.passwordChanged };
    },
  );
};
