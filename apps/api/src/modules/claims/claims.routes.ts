import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  brandClaimCreateSchema,
  claimListQuerySchema,
  claimPageSchema,
  claimResolveSchema,
  claimSchema,
  publisherClaimCreateSchema,
} from '@krowd/domain/claim/claim.schema';
import { messages } from '@krowd/domain/messages/messages';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { idParamsSchema } from '../../http/params.ts';
import { callerOf, publisherOf } from '../../plugins/access.ts';
import { markIdempotentEffect } from '../../plugins/idempotency.ts';
import type { ClaimsService } from './claims.service.ts';

const m = messages.claim;
const tags = ['claims'];
const claimAnswer = successSchema({ claim: claimSchema });

const claimExample = {
  cardToken: 'tok_8f2a91',
  cardLast4: '4242',
  mid: '4410137',
  amountPence: 2500,
  occurredAt: '2026-12-01T12:30:00+00:00',
  reference: 'CS-10422',
  note: 'Customer says the cashback did not arrive',
};

/**
 * Missing-transaction claims in the web app (docs/decisions/0108): a brand's users file and read
 * their brands' claims; the system admin reads all of them, works the queue and resolves.
 */
export const claimsRoutes: FastifyPluginAsyncZod<{ claims: ClaimsService }> = async (app, { claims }) => {
  app.get(
    '/claims',
    {
      config: { access: 'claims.read' },
      schema: {
        tags,
        operationId: 'listClaims',
        summary:
          "Claims the caller may read: its brands' (all for the system admin); queue=true for those waiting",
        querystring: claimListQuerySchema,
        response: { 200: successSchema(claimPageSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await claims.list({ kind: 'user', auth: callerOf(request) }, request.query)),
    }),
  );

  app.post(
    '/claims',
    {
      config: { access: 'claims.file', idempotent: true },
      schema: {
        tags,
        operationId: 'fileClaim',
        summary:
          'File a claim for a purchase at a brand in scope; it is matched against stored transactions at once',
        body: brandClaimCreateSchema,
        response: { 201: claimAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const claim = await claims.fileForBrand(callerOf(request), request.body, (trx) =>
        markIdempotentEffect(request, trx),
      );
      return reply.code(201).send({
        respCode: respCodes.ok,
        respMessage: claim.status === 'matched' ? m.createdMatched : m.created,
        claim,
      });
    },
  );

  app.get(
    '/claims/:id',
    {
      config: { access: 'claims.read' },
      schema: {
        tags,
        operationId: 'getClaim',
        summary: 'One claim with its history',
        params: idParamsSchema,
        response: { 200: claimAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      claim: await claims.get({ kind: 'user', auth: callerOf(request) }, request.params.id),
    }),
  );

  app.post(
    '/claims/:id/resolve',
    {
      config: { access: 'claims.resolve' },
      schema: {
        tags,
        operationId: 'resolveClaim',
        summary: 'Close an open or in-review claim with a resolution code (the system admin)',
        params: idParamsSchema,
        body: claimResolveSchema,
        response: { 200: claimAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: m.resolved,
      claim: await claims.resolve(callerOf(request), request.params.id, request.body),
    }),
  );
};

const keyConfig = { access: 'public', publisherKey: ['live'] } as const;
const security = [{ publisherKey: [] }];

/**
 * A publisher's system files and follows its claims with its live key ("my cashback didn't
 * arrive"): the key decides whose. Status changes also arrive as claim.updated webhooks.
 */
export const publisherClaimsRoutes: FastifyPluginAsyncZod<{ claims: ClaimsService }> = async (
  app,
  { claims },
) => {
  app.post(
    '/publisher/claims',
    {
      config: { ...keyConfig, idempotent: true },
      schema: {
        tags: ['publisher api'],
        security,
        operationId: 'createPublisherClaim',
        summary:
          'Claim a purchase that should have qualified: matched at once and against every later upload',
        description:
          'Give the card token or last four digits (or both), the merchant ID, the amount in pence and the time (ISO 8601 with offset). ' +
          'A match scores card (40 token, 20 last four), merchant ID (25), amount (20 exact, 10 within the larger of £1 and 5%) and time ' +
          '(15 within an hour, down to 5 at 72 hours); 70 with card and merchant ID agreeing is a match. A qualified match closes the claim ' +
          '(status matched: paid with that transaction); otherwise it waits for review, resolved before its deadline (10 business days). ' +
          'Send an Idempotency-Key to retry safely.',
        body: publisherClaimCreateSchema.meta({ examples: [claimExample] }),
        response: { 201: claimAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const claim = await claims.fileForPublisher(publisherOf(request), request.body, (trx) =>
        markIdempotentEffect(request, trx),
      );
      return reply.code(201).send({
        respCode: respCodes.ok,
        respMessage: claim.status === 'matched' ? m.createdMatched : m.created,
        claim,
      });
    },
  );

  app.get(
    '/publisher/claims',
    {
      config: keyConfig,
      schema: {
        tags: ['publisher api'],
        security,
        operationId: 'listPublisherClaims',
        summary: "The key's publisher's claims, newest first, with status and history",
        querystring: claimListQuerySchema.omit({ brandId: true, queue: true }),
        response: { 200: successSchema(claimPageSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await claims.list({ kind: 'publisher', key: publisherOf(request) }, request.query)),
    }),
  );

  app.get(
    '/publisher/claims/:id',
    {
      config: keyConfig,
      schema: {
        tags: ['publisher api'],
        security,
        operationId: 'getPublisherClaim',
        summary: "One of the key's publisher's claims with its history",
        params: idParamsSchema,
        response: { 200: claimAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      claim: await claims.get({ kind: 'publisher', key: publisherOf(request) }, request.params.id),
    }),
  );
};
