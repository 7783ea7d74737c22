import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offersFeedSchema, testTransactionResultSchema } from '@krowd/domain/publisher/offer-feed.schema';
import { offersFeedQuerySchema, testTransactionSchema } from '@krowd/domain/publisher/publisher.schema';
import { errorResponses } from '../../http/envelope.ts';
import { publisherOf } from '../../plugins/access.ts';
import type { OffersFeedService } from './offers-feed.service.ts';
import { entityTagOf } from './offers-feed.service.ts';
import type { TestTransactionsService } from './test-transactions.service.ts';

const publisherKeySecurity = [{ publisherKey: [] }];

const offerExample = {
  id: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  mode: 'live',
  status: 'live',
  brand: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Bella Pasta' },
  name: 'Bella Pasta December',
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: '2026-12-31T23:59:59.999Z',
  pauses: [{ from: '2026-12-24', to: '2026-12-26' }],
  weekDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  hours: { from: '12:00', to: '15:00', timeZone: 'Europe/London' },
  customerType: 'new',
  lastTransactionMonths: null,
  discount: {
    type: 'dp',
    cashbackPercent: 10,
    cashbackPence: null,
    minimumSpendPence: null,
    aboveAverageSpendPercent: null,
  },
  promoCode: { mode: 'single', codes: ['BELLA10'] },
  templates: [{ type: 'sms', text: 'Get 10% back at Bella Pasta this December.', images: [], fields: {} }],
  allBranches: false,
  holdout: { shareBasisPoints: 1000, honoured: true },
  branches: [
    {
      id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      name: 'Bella Pasta Soho',
      address: '12 Greek Street',
      postcode: 'W1D 4DJ',
      postalTown: 'London',
      merchantIds: { mastercard: '4410137', amex: 'AX4410137', zettle: null },
    },
  ],
  updatedAt: '2026-11-20T10:15:00.000Z',
};

/**
 * The operations a publisher's system calls with its API key (decisions 0089–0091): the offers
 * feed, and in test mode a test transaction. A live key reads live offers; a test key reads the
 * same offers marked test and sends test transactions, which never reach live figures.
 */
export const publisherApiRoutes: FastifyPluginAsyncZod<{
  feed: OffersFeedService;
  testTransactions: TestTransactionsService;
}> = async (app, { feed, testTransactions }) => {
  app.get(
    '/publisher/offers',
    {
      config: { access: 'public', publisherKey: ['live', 'test'] },
      schema: {
        operationId: 'listPublisherOffers',
        security: publisherKeySecurity,
        tags: ['publisher api'],
        summary: "The key's publisher's live and upcoming offers: approved campaigns of its linked brands",
        description:
          'Pages in id order: pass nextCursor as cursor until it is null. With updated_since (ISO 8601 with offset), only offers changed after it. ' +
          'Answers carry an ETag: send it back in If-None-Match to get 304 when the page has not changed. A test key reads the same offers with mode "test".',
        querystring: offersFeedQuerySchema,
        headers: z.object({ 'if-none-match': z.string().max(200).optional() }).loose(),
        response: {
          200: offersFeedSchema.meta({ examples: [{ offers: [offerExample], nextCursor: null }] }),
          304: z.null().describe('The page has not changed since the ETag sent in If-None-Match'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const page = await feed.page(publisherOf(request), request.query);
      const tag = entityTagOf(page);
      reply.header('etag', tag).header('cache-control', 'private, no-cache').header('vary', 'X-Api-Key');
      if (request.headers['if-none-match'] === tag)
        return (reply as unknown as FastifyReply).code(304).send();
      return page;
    },
  );

  app.post(
    '/publisher/test-transactions',
    {
      config: { access: 'public', publisherKey: ['test'] },
      schema: {
        operationId: 'sendTestTransaction',
        security: publisherKeySecurity,
        tags: ['publisher api'],
        summary:
          'Test mode: one purchase through the real qualification engine, stored apart from live figures',
        description:
          'Takes a test key only. The outcome fires transaction.qualified or transaction.not_qualified to test webhooks; nothing reaches live figures, invoices, files or dashboards. ' +
          'Sending a transaction_id again answers its first outcome (duplicate: true).',
        body: testTransactionSchema.meta({
          examples: [
            {
              transaction_id: 'test-0001',
              datetime: '2026-12-07T12:30:00+00:00',
              amount: '25.00',
              currency: 'GBP',
              mid: '4410137',
              card_token: 'tok_test_card_1',
              card_last4: '4242',
            },
          ],
        }),
        response: { 200: testTransactionResultSchema, ...errorResponses },
      },
    },
    async (request) => testTransactions.send(publisherOf(request), request.body),
  );
};
