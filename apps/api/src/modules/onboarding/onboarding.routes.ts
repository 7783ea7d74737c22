import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@krowd/domain/messages/messages';
import {
  onboardingCompletedSchema,
  onboardingUserSchema,
} from '@krowd/domain/onboarding/onboarding-response.schema';
import {
  onboardingCampaignSchema,
  onboardingCompleteSchema,
  onboardingProgressSchema,
} from '@krowd/domain/onboarding/onboarding.schema';
import type { Config } from '../../config.ts';
import { deviceOf } from '../../http/device.ts';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { callerOf, setSessionCookie } from '../../plugins/access.ts';
import type { OnboardingService } from './onboarding.service.ts';

const updatedUserSchema = successSchema(onboardingUserSchema.shape);

/**
 * The guest onboarding train (spec 1 §4, spec 2 §7): the spec shows the calls' payloads but not
 * their paths ('PUT user without branch', 'Update onboarding progress', 'Create password'), so
 * they live under users/onboarding/. Guests only.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<{
  onboarding: OnboardingService;
  config: Config;
}> = async (app, { onboarding, config }) => {
  app.put(
    '/users/onboarding/campaign',
    {
      config: { access: 'onboarding.progress' },
      schema: {
        operationId: 'saveOnboardingCampaign',
        tags: ['onboarding'],
        summary:
          "Save the guest's first campaign form (All branches) and the terms accepted: the train starts",
        body: onboardingCampaignSchema,
        response: { 200: updatedUserSchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      details: await onboarding.saveCampaign(callerOf(request), request.body.stepOneData),
    }),
  );

  app.put(
    '/users/onboarding/progress',
    {
      config: { access: 'onboarding.progress' },
      schema: {
        operationId: 'saveOnboardingProgress',
        tags: ['onboarding'],
        summary:
          'Record the Payment Details step (stepTwo) or the Branch step (stepThree) passed, or taken back',
        body: onboardingProgressSchema,
        response: { 200: updatedUserSchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      details: await onboarding.recordProgress(callerOf(request), request.body),
    }),
  );

  app.post(
    '/users/onboarding/complete',
    {
      config: { access: 'onboarding.progress', authRateLimit: true },
      schema: {
        operationId: 'completeOnboarding',
        tags: ['onboarding'],
        summary:
          'Account Settings: set the password, names and phone, create the first campaign; ends the guest ' +
          'session and starts a normal one (sets the session cookie)',
        body: onboardingCompleteSchema,
        response: {
          200: successSchema(onboardingCompletedSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const signedIn = await onboarding.complete(callerOf(request), request.body, deviceOf(request));
      setSessionCookie(reply, config, signedIn.accessToken);
      return { respCode: respCodes.ok, respMessage: messages.onboarding.congratulations, ...signedIn };
    },
  );
};
