import type { Kysely } from 'kysely';
import { messages } from '@krowd/domain/messages/messages';
import type { TestTransactionResult } from '@krowd/domain/publisher/offer-feed.schema';
import type { TestTransaction } from '@krowd/domain/publisher/publisher.schema';
import {
  assignHoldouts,
  heldOutCampaigns,
  holdoutCampaignsOf,
} from '@krowd/domain/incrementality/holdout-assignment.rules';
import { localTimeOf } from '@krowd/domain/qualification/local-time';
import { qualificationMessage, qualifyTransaction } from '@krowd/domain/qualification/qualification.rules';
import type { DB } from '../../db/database.generated.ts';
import type { TransactionsRepository } from '../ingestion/transactions.repository.ts';
import type { PublisherCaller } from './publisher-key-auth.ts';
import type { PublisherEvents } from './publisher-events.ts';
import { testTransactionsRepository as testTransactions } from './test-transactions.repository.ts';

type StoredTest = DB['publisher_test_transactions'];

function resultOf(
  row: Pick<StoredTest, 'publisher_transaction_id' | 'outcome' | 'reason'> & {
    id: string;
    campaign_id: string | null;
    brand_id: string | null;
    cashback_pence: number;
  },
  duplicate: boolean,
): TestTransactionResult {
  return {
    id: row.id,
    mode: 'test',
    transactionId: row.publisher_transaction_id,
    outcome: row.outcome,
    reasonCode: row.outcome === 'notQualified' ? row.reason : null,
    reason:
      row.outcome === 'qualified'
        ? messages.publisherFeed.testTransactionStored
        : qualificationMessage(row.reason as Parameters<typeof qualificationMessage>[0]),
    campaignId: row.campaign_id,
    brandId: row.brand_id,
    cashbackPence: row.cashback_pence,
    duplicate,
  };
}

/**
 * "Send a test transaction" (brief §5 'Test keys never touch live figures'; decision 0091): a
 * test key's purchase goes through the real qualification engine against the campaigns of the
 * merchant's brand when that brand is linked to the publisher (otherwise no campaign: a test key
 * learns nothing of other brands), with the card's test history, and is stored in
 * publisher_test_transactions, which no figure, invoice, file or dashboard reads. The outcome is
 * emitted as transaction.qualified or transaction.not_qualified (mode 'test') in the same
 * transaction. A transaction id sent again answers its first outcome and emits nothing.
 */
export function createTestTransactionsService(deps: {
  db: Kysely<DB>;
  transactions: Pick<TransactionsRepository, 'branchOfMid' | 'brandCampaigns'>;
  events: Pick<PublisherEvents, 'emit'>;
  timeZone: string;
  clock: () => Date;
}) {
  const { db, transactions, events, timeZone, clock } = deps;
  return {
    async send(publisher: PublisherCaller, sent: TestTransaction): Promise<TestTransactionResult> {
      return db.transaction().execute(async (trx) => {
        const earlier = await testTransactions.find(trx, publisher.publisherId, sent.transactionId);
        if (earlier) return resultOf(earlier, true);

        const branch = await transactions.branchOfMid(trx, sent.mid);
        const linked =
          branch && (await testTransactions.brandLinked(trx, publisher.publisherId, branch.brandId));
        const { campaigns, months } = linked
          ? await transactions.brandCampaigns(trx, branch.brandId)
          : { campaigns: [], months: [] };
        const at = new Date(sent.datetime);
        const history = linked
          ? await testTransactions.cardHistory(trx, publisher.publisherId, sent.cardToken, branch.brandId, at)
          : { lastPurchaseAt: null, averageSpendPence: null };
        // The same holdouts as a live purchase (decision 0129), by the hash alone: a test card's
        // assignment is not stored, as nothing of test mode reaches live figures.
        const month = localTimeOf(sent.datetime, timeZone).month;
        const holding = linked?.honours_holdouts ? holdoutCampaignsOf(campaigns, month) : [];
        const heldOutOf =
          linked && holding.length > 0 && sent.amountPence > 0
            ? heldOutCampaigns(
                assignHoldouts(
                  {
                    publisherId: publisher.publisherId,
                    cardToken: sent.cardToken,
                    brandId: branch.brandId,
                    month,
                  },
                  holding,
                ),
                null,
              )
            : undefined;
        const outcome = qualifyTransaction({
          transaction: { datetime: sent.datetime, amountPence: sent.amountPence },
          branch: linked ? branch : null,
          campaigns,
          history,
          brandCampaignMonths: months,
          timeZone,
          heldOutOf,
        });
        const qualified = outcome.outcome === 'qualified';
        const reason = outcome.outcome === 'notQualified' ? outcome.reason : null;
        const stored = await testTransactions.store(trx, {
          publisher_id: publisher.publisherId,
          api_key_id: publisher.keyId,
          publisher_transaction_id: sent.transactionId,
          occurred_at: at,
          amount_pence: sent.amountPence,
          mid: sent.mid,
          card_token: sent.cardToken,
          card_last4: sent.cardLast4,
          branch_id: linked ? branch.branchId : null,
          brand_id: linked ? branch.brandId : null,
          outcome: qualified ? 'qualified' : 'notQualified',
          campaign_id: outcome.campaignId ?? null,
          cashback_pence: qualified ? outcome.cashbackPence : 0,
          success_fee_pence: qualified ? outcome.successFeePence : 0,
          reason,
        });
        const result = resultOf(stored, false);
        await events.emit(
          {
            type: qualified ? 'transaction.qualified' : 'transaction.not_qualified',
            mode: 'test',
            publisherId: publisher.publisherId,
            occurredAt: clock(),
            data: {
              id: stored.id,
              transactionId: sent.transactionId,
              datetime: sent.datetime,
              amountPence: sent.amountPence,
              mid: sent.mid,
              cardLast4: sent.cardLast4,
              campaignId: result.campaignId,
              brandId: result.brandId,
              cashbackPence: result.cashbackPence,
              reasonCode: result.reasonCode,
              reason: qualified ? null : result.reason,
            },
          },
          trx,
        );
        return result;
      });
    },
  };
}

export type TestTransactionsService = ReturnType<typeof createTestTransactionsService>;
