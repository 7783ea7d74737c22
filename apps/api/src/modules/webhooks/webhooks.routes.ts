import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import {
  webhookDeliveryDetailsSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryPageSchema,
  webhookEndpointCreateSchema,
  webhookEndpointListQuerySchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
  webhookOwnersSchema,
  webhookRedeliverSinceSchema,
  webhookSecretRotateSchema,
} from '@krowd/domain/webhook/webhook.schema';
import { errorResponses, messageOnlySchema, respCodes, successSchema } from '../../http/envelope.ts';
import { idParamsSchema } from '../../http/params.ts';
import { callerOf } from '../../plugins/access.ts';
import type { WebhooksService } from './webhooks.service.ts';

const m = messages.webhook;
const tags = ['webhooks'];
const access = 'webhooks.manage' as const;

/**
 * Webhook endpoints, their secrets and delivery logs (docs/decisions/0097, 0098): a brand's admins
 * for their brand, the system admin for any brand or publisher.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  app.get(
    '/webhooks/endpoints',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'listWebhookEndpoints',
        summary: "The webhook endpoints the caller manages, or one brand's or publisher's",
        querystring: webhookEndpointListQuerySchema,
        response: { 200: successSchema({ endpoints: z.array(webhookEndpointSchema) }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      endpoints: await webhooks.list(callerOf(request), request.query),
    }),
  );

  app.get(
    '/webhooks/owners',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'listWebhookOwners',
        summary: 'Whose endpoints the caller may register: brands in scope, publishers it administers',
        response: { 200: successSchema(webhookOwnersSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({ respCode: respCodes.ok, ...(await webhooks.owners(callerOf(request))) }),
  );

  app.post(
    '/webhooks/endpoints',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'createWebhookEndpoint',
        summary: 'Register an endpoint for chosen events; its signing secret is answered this once',
        body: webhookEndpointCreateSchema,
        response: { 201: successSchema({ endpoint: webhookEndpointWithSecretSchema }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        respCode: respCodes.ok,
        respMessage: m.created,
        endpoint: await webhooks.create(callerOf(request), request.body),
      }),
  );

  app.get(
    '/webhooks/endpoints/:id',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'getWebhookEndpoint',
        summary: 'One endpoint (its secret by prefix only)',
        params: idParamsSchema,
        response: { 200: successSchema({ endpoint: webhookEndpointSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      endpoint: await webhooks.details(callerOf(request), request.params.id),
    }),
  );

  app.put(
    '/webhooks/endpoints/:id',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'updateWebhookEndpoint',
        summary: "Change an endpoint's URL, events or description, or enable or disable it",
        params: idParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: successSchema({ endpoint: webhookEndpointSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: m.updated,
      endpoint: await webhooks.update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/webhooks/endpoints/:id',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete an endpoint with its delivery log',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await webhooks.remove(callerOf(request), request.params.id);
      return { respCode: respCodes.deleted, respMessage: m.deleted };
    },
  );

  app.post(
    '/webhooks/endpoints/:id/secret',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Make a new signing secret (answered once); the old one also signs during the overlap',
        params: idParamsSchema,
        body: webhookSecretRotateSchema,
        response: { 200: successSchema({ endpoint: webhookEndpointWithSecretSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      respMessage: m.secretRotated,
      endpoint: await webhooks.rotateSecret(callerOf(request), request.params.id, request.body.overlapHours),
    }),
  );

  app.post(
    '/webhooks/endpoints/:id/ping',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'pingWebhookEndpoint',
        summary: 'Send the endpoint a signed test ping event',
        params: idParamsSchema,
        response: { 202: successSchema({ eventId: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        respCode: respCodes.ok,
        respMessage: m.pingQueued,
        eventId: await webhooks.ping(callerOf(request), request.params.id),
      }),
  );

  app.get(
    '/webhooks/endpoints/:id/deliveries',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: "An endpoint's delivery log, newest first: status, answer, time taken, next try",
        params: idParamsSchema,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: successSchema(webhookDeliveryPageSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await webhooks.deliveries(callerOf(request), request.params.id, request.query)),
    }),
  );

  app.post(
    '/webhooks/endpoints/:id/redeliver',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'redeliverFailedWebhooks',
        summary: "Send again every failed delivery of the endpoint's made since a time",
        params: idParamsSchema,
        body: webhookRedeliverSinceSchema,
        response: { 202: successSchema({ count: z.number().int() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const since = new Date(request.body.since);
      const count = await webhooks.redeliverFailed(callerOf(request), request.params.id, since);
      return reply.code(202).send({ respCode: respCodes.ok, respMessage: m.redeliveredCount(count), count });
    },
  );

  app.get(
    '/webhooks/deliveries/:id',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'getWebhookDelivery',
        summary: 'One delivery with every attempt and the body as sent',
        params: idParamsSchema,
        response: { 200: successSchema({ delivery: webhookDeliveryDetailsSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      delivery: await webhooks.delivery(callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/webhooks/deliveries/:id/redeliver',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'redeliverWebhook',
        summary: 'Send one delivered or failed event to its endpoint again',
        params: idParamsSchema,
        response: { 202: successSchema({ count: z.number().int() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const count = await webhooks.redeliver(callerOf(request), request.params.id);
      return reply.code(202).send({ respCode: respCodes.ok, respMessage: m.redelivered, count });
    },
  );
};
