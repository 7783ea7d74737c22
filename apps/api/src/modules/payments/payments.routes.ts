import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import {
  brandMandateSchema,
  directDebitSettingsAnswerSchema,
  mandateCompletedSchema,
  mandateStartedSchema,
  providerEventSimulatedSchema,
  testFlowConfirmedSchema,
  testProviderFlowSchema,
} from '@krowd/domain/payment/payment-response.schema';
import {
  completeMandateSchema,
  mandateBrandQuerySchema,
  paymentProviders,
  simulateProviderEventSchema,
  startMandateSchema,
  testBankDetailsSchema,
} from '@krowd/domain/payment/payment.schema';
import { errorBodySchema, errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import type { PaymentsService } from './payments.service.ts';

const m = messages.payment;

/** A provider's webhook is a few events; anything much larger is not one. */
const webhookBodyLimit = 1024 * 1024;

/** The status GoCardless's and our own webhook refusal answers: an invalid token/signature. */
const invalidSignatureStatus = 498;

const flowParamsSchema = z.strictObject({
  flowId: z
    .string()
    .trim()
    .min(4, m.flowUnavailable)
    .max(100, m.flowUnavailable)
    .regex(/^[A-Za-z0-9_-]+$/, m.flowUnavailable),
});

/**
 * Direct debit (spec 2 §2.10, §7 'Create mandate', 'Settings'; brief §4): the direct-debit
 * settings, a brand's mandate (see, set up, complete, cancel), the providers' webhook, and the
 * built-in test provider's hosted page and simulator (404 when GoCardless runs).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/settings/getGoCardLessData',
    {
      config: { access: 'payments.manage' },
      schema: {
        operationId: 'getDirectDebitSettings',
        tags: ['payments'],
        summary:
          'Which direct-debit provider runs (test mode, GoCardless sandbox or live) and the auto-debit setting',
        response: { 200: successSchema(directDebitSettingsAnswerSchema.shape), ...errorResponses },
      },
    },
    async () => ({ respCode: respCodes.ok, details: await service.directDebitSettings() }),
  );

  app.get(
    '/payments/mandate',
    {
      config: { access: 'payments.manage' },
      schema: {
        operationId: 'getMandate',
        tags: ['payments'],
        summary: "A brand's mandate: the live one, else its newest setup; null when it has none",
        querystring: mandateBrandQuerySchema,
        response: { 200: successSchema(brandMandateSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      mandate: await service.currentMandate(callerOf(request), request.query.brandId),
    }),
  );

  app.post(
    '/payments/mandate',
    {
      config: { access: 'payments.manage' },
      schema: {
        operationId: 'startMandateSetup',
        tags: ['payments'],
        summary: "Starts a mandate setup; the payer is sent to the provider's page at redirectUrl",
        body: startMandateSchema,
        response: {
          200: successSchema(mandateStartedSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.startMandate(callerOf(request), request.body)),
    }),
  );

  app.post(
    '/payments/mandate/complete',
    {
      config: { access: 'payments.manage' },
      schema: {
        operationId: 'completeMandateSetup',
        tags: ['payments'],
        summary: 'Completes the setup the payer came back from (redirect_flow_id): the mandate is pending',
        body: completeMandateSchema,
        response: { 200: successSchema(mandateCompletedSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      respMessage: m.validated,
      mandate: await service.completeMandate(callerOf(request), request.body.redirect_flow_id),
    }),
  );

  app.delete(
    '/payments/mandate',
    {
      config: { access: 'payments.manage' },
      schema: {
        operationId: 'cancelMandate',
        tags: ['payments'],
        summary: "Cancels the brand's live mandate with the provider",
        querystring: mandateBrandQuerySchema,
        response: { 206: successSchema({}), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.cancelMandate(callerOf(request), request.query.brandId);
      return reply
        .code(respCodes.deleted)
        .send({ respCode: respCodes.deleted, respMessage: m.mandateCancelled });
    },
  );

  // The raw body is signed: this route alone keeps it as bytes (size-limited) instead of JSON.
  await app.register(async (instance) => {
    const webhooks = instance.withTypeProvider<ZodTypeProvider>();
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: webhookBodyLimit },
      (_request, body, done) => done(null, body),
    );
    webhooks.post(
      '/payments/webhooks/:provider',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'receivePaymentWebhook',
          tags: ['payments'],
          summary:
            "A provider's signed webhook (Webhook-Signature: HMAC-SHA256 hex of the body); 498 when the signature is not valid",
          params: z.strictObject({ provider: z.enum(paymentProviders) }),
          headers: z.object({ 'webhook-signature': z.string().max(200).optional() }),
          response: {
            200: successSchema({}),
            [invalidSignatureStatus]: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest(messages.common.invalidRequest);
        const accepted = await service.receiveWebhook(
          request.params.provider,
          request.body,
          request.headers['webhook-signature'],
        );
        if (!accepted) {
          return reply
            .code(invalidSignatureStatus)
            .send({ code: 'signature_invalid', errorMessage: m.invalidSignature });
        }
        return { respCode: respCodes.ok };
      },
    );
  });

  app.get(
    '/payments/test-provider/flows/:flowId',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getTestProviderFlow',
        tags: ['payments'],
        summary: "The test provider's hosted page: the setup a payer is on (the flow id is unguessable)",
        params: flowParamsSchema,
        response: { 200: successSchema(testProviderFlowSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({ respCode: respCodes.ok, ...(await service.testFlow(request.params.flowId)) }),
  );

  app.post(
    '/payments/test-provider/flows/:flowId/confirm',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'confirmTestProviderFlow',
        tags: ['payments'],
        summary:
          "The payer's bank details on the test provider's page; answers where to go next. 409 once confirmed, 410 after 24 hours",
        params: flowParamsSchema,
        body: testBankDetailsSchema,
        response: {
          200: successSchema(testFlowConfirmedSchema.shape),
          410: errorBodySchema,
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      redirectUrl: await service.confirmTestFlow(request.params.flowId, request.body),
    }),
  );

  app.post(
    '/payments/test-provider/simulate',
    {
      config: { access: 'payments.simulate' },
      schema: {
        operationId: 'simulateTestProviderEvent',
        tags: ['payments'],
        summary:
          "Test mode: the bank acts on a brand's mandate or an invoice's payment, and the signed event goes through the webhook",
        body: simulateProviderEventSchema,
        response: { 200: successSchema(providerEventSimulatedSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      respMessage: m.simulated,
      ...(await service.simulate(callerOf(request), request.body)),
    }),
  );
};
