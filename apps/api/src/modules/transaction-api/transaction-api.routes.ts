import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authorisedTransactionSchema,
  clearedTransactionSchema,
  refundedTransactionSchema,
  transactionIdParamsSchema,
  transactionStatusSchema,
  transactionStepResultSchema,
} from '@krowd/domain/publisher/transaction-api.schema';
import { authorisationHoldDays } from '@krowd/domain/publisher/transaction-lifecycle.rules';
import { errorResponses } from '../../http/envelope.ts';
import { publisherOf } from '../../plugins/access.ts';
import { markIdempotentEffect } from '../../plugins/idempotency.ts';
import type { TransactionApiService } from './transaction-api.service.ts';

const publisherKeySecurity = [{ publisherKey: [] }];
const tags = ['publisher api'];

const purchaseExample = {
  transaction_id: 'txn-0001',
  datetime: '2026-12-07T12:30:00+00:00',
  amount: '25.00',
  currency: 'GBP',
  mid: '4410137',
  card_token: 'tok_card_1',
  card_last4: '4242',
  postcode: 'W1D 4DJ',
};

const repeats =
  'Idempotent: sending the same transaction_id again answers its status, unchanged (duplicate: true); ' +
  'an Idempotency-Key header makes a retried call answer exactly its first answer.';

/**
 * The transaction lifecycle one at a time (docs/decisions/0109), beside the transactions file:
 * a live key's system tells each step of a purchase as it happens. Test keys send test
 * transactions to /publisher/test-transactions (decision 0091) and get 403 here.
 */
export const transactionApiRoutes: FastifyPluginAsyncZod<{ service: TransactionApiService }> = async (
  app,
  { service },
) => {
  app.post(
    '/publisher/transactions/authorised',
    {
      config: { access: 'public', publisherKey: ['live'], idempotent: true },
      schema: {
        operationId: 'authoriseTransaction',
        security: publisherKeySecurity,
        tags,
        summary: 'A purchase authorised, not yet cleared (optional step): fires transaction.authorised',
        description:
          'Nothing qualifies on an authorisation: the purchase qualifies when it clears (POST /publisher/transactions/cleared ' +
          `with the same transaction_id, possibly another amount). An authorisation not cleared within ${authorisationHoldDays} days ` +
          'expires and fires transaction.expired. An id already cleared answers 409. ' +
          repeats,
        body: authorisedTransactionSchema.meta({ examples: [purchaseExample] }),
        response: { 200: transactionStepResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.authorised(publisherOf(request), request.body, (trx) => markIdempotentEffect(request, trx)),
  );

  app.post(
    '/publisher/transactions/cleared',
    {
      config: { access: 'public', publisherKey: ['live'], idempotent: true },
      schema: {
        operationId: 'clearTransaction',
        security: publisherKeySecurity,
        tags,
        summary: 'A purchase cleared: qualified and stored as a row of the transactions file would be',
        description:
          'The outcome fires transaction.qualified or transaction.not_qualified and reaches the dashboards and invoices as a file row does; ' +
          'an authorisation with the same transaction_id is marked cleared. ' +
          repeats,
        body: clearedTransactionSchema.meta({ examples: [purchaseExample] }),
        response: { 200: transactionStepResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.cleared(publisherOf(request), request.body, (trx) => markIdempotentEffect(request, trx)),
  );

  app.post(
    '/publisher/transactions/refunded',
    {
      config: { access: 'public', publisherKey: ['live'], idempotent: true },
      schema: {
        operationId: 'refundTransaction',
        security: publisherKeySecurity,
        tags,
        summary: 'A refund of a cleared purchase, full or partial: fires transaction.refunded',
        description:
          'Names the purchase in original_transaction_id; without an amount, refunds what is left of it. A partial refund ' +
          'takes back cashback and fee in proportion to what the purchase no longer earns (qualification rules, "Refunds"). ' +
          'An unknown original answers 404; more than what is left of it, 409. ' +
          repeats,
        body: refundedTransactionSchema.meta({
          examples: [
            {
              transaction_id: 'txn-0001-r1',
              original_transaction_id: 'txn-0001',
              datetime: '2026-12-09T09:00:00+00:00',
              amount: '10.00',
              currency: 'GBP',
            },
          ],
        }),
        response: { 200: transactionStepResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.refunded(publisherOf(request), request.body, (trx) => markIdempotentEffect(request, trx)),
  );

  app.get(
    '/publisher/transactions/:transactionId',
    {
      config: { access: 'public', publisherKey: ['live'] },
      schema: {
        operationId: 'getTransactionStatus',
        security: publisherKeySecurity,
        tags,
        summary:
          "Where one of the key's publisher's transactions is: authorised, expired, qualified, not qualified, refunded",
        description:
          "By the publisher's own transaction_id, sent one at a time or in a file. A refund's own id answers status refund " +
          'with its original; a purchase refunded in part or whole answers refunded with refundedPence.',
        params: transactionIdParamsSchema,
        response: { 200: transactionStatusSchema, ...errorResponses },
      },
    },
    async (request) => service.status(publisherOf(request), request.params.transactionId),
  );
};
