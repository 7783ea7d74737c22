import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import {
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookPublisherEndpointCreateSchema,
} from '@krowd/domain/webhook/webhook.schema';
import { errorResponses, messageOnlySchema, respCodes, successSchema } from '../../http/envelope.ts';
import { idParamsSchema } from '../../http/params.ts';
import { publisherOf } from '../../plugins/access.ts';
import type { WebhooksService } from './webhooks.service.ts';

const m = messages.webhook;
const tags = ['webhooks'];
/** A publisher's system with its key (decision 0089): live keys manage live endpoints, test keys test ones. */
const config = { access: 'public', publisherKey: ['live', 'test'] } as const;
const security = [{ publisherKey: [] }];

const registerExample = {
  url: 'https://hooks.example-bank.com/krowd',
  events: ['offer.published', 'transaction.qualified'],
  description: 'Offers and rewards',
};

/** What a publisher's engineer gets back once: the secret to verify Krowd-Signature with (decision 0098). */
const registeredExample = {
  respCode: 200,
  respMessage: m.created,
  endpoint: {
    id: '5d0c8a9e-3f1b-4c2d-9e8f-7a6b5c4d3e2f',
    owner: { type: 'publisher', id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Example Bank' },
    ...registerExample,
    mode: 'live',
    enabled: true,
    secretPrefix: 'whsec_Zm9v…',
    previousSecretExpiresAt: null,
    createdAt: '2026-12-02T09:30:00.000Z',
    updatedAt: '2026-12-02T09:30:00.000Z',
    secret: 'whsec_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
  },
};

/**
 * A publisher's own system registers its endpoints with its API key (self-subscription, as Kard's;
 * docs/decisions/0097): the key decides the publisher and the mode, so a test key's endpoints
 * receive test events only.
 */
export const publisherWebhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  app.get(
    '/publisher/webhooks/endpoints',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'listPublisherWebhookEndpoints',
        summary: "The key's publisher's endpoints in the key's mode",
        response: { 200: successSchema({ endpoints: z.array(webhookEndpointSchema) }), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      endpoints: await webhooks.ofPublisher(publisherOf(request)),
    }),
  );

  app.post(
    '/publisher/webhooks/endpoints',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'createPublisherWebhookEndpoint',
        summary:
          "Register an endpoint of the key's publisher, in the key's mode; its secret is answered once",
        body: webhookPublisherEndpointCreateSchema.meta({ examples: [registerExample] }),
        response: {
          201: successSchema({ endpoint: webhookEndpointWithSecretSchema }).meta({
            examples: [registeredExample],
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        respCode: respCodes.ok,
        respMessage: m.created,
        endpoint: await webhooks.createForPublisher(publisherOf(request), request.body),
      }),
  );

  app.delete(
    '/publisher/webhooks/endpoints/:id',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'deletePublisherWebhookEndpoint',
        summary: "Delete an endpoint of the key's publisher in the key's mode, with its delivery log",
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await webhooks.removeForPublisher(publisherOf(request), request.params.id);
      return { respCode: respCodes.deleted, respMessage: m.deleted };
    },
  );
};
