import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@krowd/domain/messages/messages';
import {
  holdoutCardsAnswerSchema,
  holdoutCardsQuerySchema,
  maxHoldoutCardTokens,
  publisherHoldoutSettingAnswerSchema,
  publisherHoldoutSettingSchema,
} from '@krowd/domain/publisher/publisher-holdouts.schema';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { idParamsSchema } from '../../http/params.ts';
import { callerOf, publisherOf } from '../../plugins/access.ts';
import type { PublisherHoldoutsService } from './publisher-holdouts.service.ts';

const m = messages.publisherHoldouts;
const security = [{ publisherKey: [] }];
const settingAnswer = successSchema(publisherHoldoutSettingAnswerSchema.shape);

/**
 * Holdouts at the publisher (docs/decisions/0129): its setting, by its live key or the system
 * admin, and its question which offers each of a batch of its cards is held out of this month.
 */
export const publisherHoldoutsRoutes: FastifyPluginAsyncZod<{ holdouts: PublisherHoldoutsService }> = async (
  app,
  { holdouts },
) => {
  app.put(
    '/publisher/holdouts',
    {
      config: { access: 'public', publisherKey: ['live'] },
      schema: {
        operationId: 'setPublisherHoldouts',
        security,
        tags: ['publisher api'],
        summary:
          "Say whether your system hides held-out cards' offers: only then are holdouts applied to your cards",
        description:
          'Off until you set it. While on, a purchase by a card held out of an offer (POST publisher/holdouts/cards, or the hash documented in the contract) earns nothing from that offer; while off, none of your cards is held out.',
        body: publisherHoldoutSettingSchema,
        response: { 200: settingAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: m.saved,
      ...(await holdouts.setHonours(null, publisherOf(request).publisherId, request.body.honoursHoldouts)),
    }),
  );

  app.put(
    '/publishers/:id/holdouts',
    {
      config: { access: 'publishers.manage' },
      schema: {
        operationId: 'setPublisherHoldoutsAsAdmin',
        tags: ['publishers'],
        summary: "Set whether a publisher hides held-out cards' offers (as the publisher's own key can)",
        params: idParamsSchema,
        body: publisherHoldoutSettingSchema,
        response: { 200: settingAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: m.saved,
      ...(await holdouts.setHonours(callerOf(request), request.params.id, request.body.honoursHoldouts)),
    }),
  );

  app.post(
    '/publisher/holdouts/cards',
    {
      config: { access: 'public', publisherKey: ['live'] },
      schema: {
        operationId: 'listHeldOutOffers',
        security,
        tags: ['publisher api'],
        summary: `Which offers of this month each of up to ${maxHoldoutCardTokens} of your cards is held out of: do not show it those`,
        description:
          'Answers each card’s arm of every offer with a holdout this month (the month in the product’s time zone) and stores it: a card’s arm, once given, never changes for the month. ' +
          'Instead of asking, you may compute it yourself: the bucket is SHA-256 of the UTF-8 JSON array ["krowd-holdout-v1", your publisher id, the card token, the brand id, "YYYY-MM"], its first 8 bytes as an unsigned big-endian integer mod 10000; the card is held out when the bucket is below the offer’s holdout.shareBasisPoints. ' +
          'Answers 409 holdouts_not_honoured until PUT publisher/holdouts has set honoursHoldouts.',
        body: holdoutCardsQuerySchema.meta({ examples: [{ cardTokens: ['tok_card_1', 'tok_card_2'] }] }),
        response: { 200: holdoutCardsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => holdouts.cards(publisherOf(request).publisherId, request.body.cardTokens),
  );
};
