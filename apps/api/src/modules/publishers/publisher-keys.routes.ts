import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@krowd/domain/messages/messages';
import {
  publisherKeyMadeSchema,
  publisherKeyRevokedSchema,
  publisherKeysAnswerSchema,
  publisherSavedSchema,
} from '@krowd/domain/publisher/publisher-response.schema';
import {
  publisherKeyCreateSchema,
  publisherKeyParamsSchema,
  publisherKeyRotateSchema,
} from '@krowd/domain/publisher/publisher.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { idParamsSchema } from '../../http/params.ts';
import { callerOf } from '../../plugins/access.ts';
import type { PublisherKeysService } from './publisher-keys.service.ts';
import type { PublishersService } from './publishers.service.ts';

const k = messages.publisherKey;

const madeExample = {
  respCode: 200,
  respMessage: k.created,
  key: {
    _id: '0b9f6c52-8a3e-4d7e-9c1a-2f4b5d6e7a81',
    name: 'Staging server',
    mode: 'test',
    prefix: 'pk_test_Q2xv',
    status: 'active',
    created: '2026-12-02T09:30:00.000Z',
    createdBy: 'bank@demo.test',
    lastUsed: null,
    expires: null,
    revoked: null,
  },
  secret: 'pk_test_Q2xvdWRzIGFyZSBqdXN0IG90aGVyIHBlb3BsZXMgY29tcHV0',
};

/**
 * A publisher's API keys, for whoever administers the publisher (decision 0089): the system admin
 * any publisher's, a bank admin their bank's publisher's. The secret is in the answer that makes
 * the key and nowhere else, ever.
 */
export const publisherKeysRoutes: FastifyPluginAsyncZod<{
  keys: PublisherKeysService;
  publishers: PublishersService;
}> = async (app, { keys, publishers }) => {
  app.get(
    '/publishers/own',
    {
      config: { access: 'publisherKeys.manage' },
      schema: {
        operationId: 'getOwnPublisher',
        tags: ['publisher keys'],
        summary: "The publisher of the caller's bank (404 when the bank has none, and for a system admin)",
        response: { 200: successSchema(publisherSavedSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      publisher: await publishers.ownPublisher(callerOf(request)),
    }),
  );

  app.get(
    '/publishers/:id/keys',
    {
      config: { access: 'publisherKeys.manage' },
      schema: {
        operationId: 'listPublisherKeys',
        tags: ['publisher keys'],
        summary: "A publisher's keys by prefix, with their status and last use (never a secret)",
        params: idParamsSchema,
        response: { 200: successSchema(publisherKeysAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await keys.list(callerOf(request), request.params.id)),
    }),
  );

  app.post(
    '/publishers/:id/keys',
    {
      config: { access: 'publisherKeys.manage' },
      schema: {
        operationId: 'createPublisherKey',
        tags: ['publisher keys'],
        summary: 'Make a live or test key: its secret is in this answer only',
        params: idParamsSchema,
        body: publisherKeyCreateSchema.meta({ examples: [{ name: 'Staging server', mode: 'test' }] }),
        response: {
          201: successSchema(publisherKeyMadeSchema.shape).meta({ examples: [madeExample] }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        respCode: respCodes.ok,
        respMessage: k.created,
        ...(await keys.create(callerOf(request), request.params.id, request.body)),
      }),
  );

  app.post(
    '/publishers/:id/keys/:keyId/rotate',
    {
      config: { access: 'publisherKeys.manage' },
      schema: {
        operationId: 'rotatePublisherKey',
        tags: ['publisher keys'],
        summary:
          'Make a new key in place of this one, which keeps working for overlapHours (default 24, at most 168)',
        params: publisherKeyParamsSchema,
        body: publisherKeyRotateSchema.meta({ examples: [{ overlapHours: 24 }] }),
        response: { 201: successSchema(publisherKeyMadeSchema.shape), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        respCode: respCodes.ok,
        respMessage: k.rotated,
        ...(await keys.rotate(callerOf(request), request.params.id, request.params.keyId, request.body)),
      }),
  );

  app.delete(
    '/publishers/:id/keys/:keyId',
    {
      config: { access: 'publisherKeys.manage' },
      schema: {
        operationId: 'revokePublisherKey',
        tags: ['publisher keys'],
        summary: 'Revoke a key: every call with it answers 401 from now on',
        params: publisherKeyParamsSchema,
        response: { 200: successSchema(publisherKeyRevokedSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.deleted,
      respMessage: k.revoked,
      key: await keys.revoke(callerOf(request), request.params.id, request.params.keyId),
    }),
  );
};
