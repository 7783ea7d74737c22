import type { Kysely, Transaction } from 'kysely';
import { messages } from '@krowd/domain/messages/messages';
import type { TestTransactionResult } from '@krowd/domain/publisher/offer-feed.schema';
import type { TestTransaction } from '@krowd/domain/publisher/publisher.schema';
import {
  assignHoldouts,
  heldOutCampaigns,
  holdoutCampaignsOf,
} from '@krowd/domain/incrementality/holdout-assignment.rules';
import { storedReasonParams } from '@krowd/domain/qualification/cap-reasons.rules';
import { countsCardRewards, rewardsFromLists } from '@krowd/domain/qualification/caps.rules';
import { localTimeOf, wallClockOf } from '@krowd/domain/qualification/local-time';
import {
  qualificationMessage,
  qualifyTransaction,
  type CardReward,
  type QualificationCampaign,
  type QualificationReason,
} from '@krowd/domain/qualification/qualification.rules';
import type { DB } from '../../db/database.generated.ts';
import type { TransactionsRepository } from '../ingestion/transactions.repository.ts';
import type { PublisherCaller } from './publisher-key-auth.ts';
import type { PublisherEvents } from './publisher-events.ts';
import { testTransactionsRepository as testTransactions } from './test-transactions.repository.ts';

type StoredTest = DB['publisher_test_transactions'];

function resultOf(
  row: Pick<StoredTest, 'publisher_transaction_id' | 'outcome' | 'reason' | 'capped_reason'> & {
    id: string;
    campaign_id: string | null;
    brand_id: string | null;
    cashback_pence: number;
    reason_params: unknown;
  },
  duplicate: boolean,
): TestTransactionResult {
  const qualified = row.outcome === 'qualified';
  const capped = qualified ? row.capped_reason : null;
  // A cap's number (decision 0116), as stored with the reason it belongs to.
  const params = storedReasonParams(row.reason_params);
  return {
    id: row.id,
    mode: 'test',
    transactionId: row.publisher_transaction_id,
    outcome: row.outcome,
    reasonCode: qualified ? null : row.reason,
    reason: qualified
      ? messages.publisherFeed.testTransactionStored
      : qualificationMessage(row.reason as QualificationReason, params),
    cappedReasonCode: capped,
    cappedReason: capped ? qualificationMessage(capped as QualificationReason, params) : null,
    reasonParams: params,
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
/**
 * The card's earlier test rewards as the engine counts them (caps.rules.ts), asked only for the
 * brand's campaigns with count or spend caps, as ingestion asks of a card's stored rewards: none
 * asked, none read (the cashback cap needs no history).
 */
async function testRewards(
  trx: Transaction<DB>,
  card: { publisherId: string; cardToken: string; brandId: string },
  campaigns: readonly QualificationCampaign[],
  timeZone: string,
) {
  const capped = campaigns.filter(countsCardRewards).map((campaign) => campaign.id);
  if (capped.length === 0) return undefined;
  const byCampaign = new Map<string, CardReward[]>();
  for (const row of await testTransactions.cardRewards(trx, card, capped)) {
    const amountPence = Number(row.amount_pence);
    const reward: CardReward = {
      wall: wallClockOf(new Date(row.occurred_at).getTime(), timeZone),
      amountPence,
      rewardedSpendPence: row.rewarded_spend_pence === null ? amountPence : Number(row.rewarded_spend_pence),
      // Never refunded: what a refund would have to leave does not arise.
      minimumSpendPence: 0,
      refundedPence: 0,
    };
    const list = byCampaign.get(row.campaign_id!) ?? [];
    list.push(reward);
    byCampaign.set(row.campaign_id!, list);
  }
  return rewardsFromLists({ of: (campaignId) => byCampaign.get(campaignId) ?? [] });
}

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
        const card = linked
          ? { publisherId: publisher.publisherId, cardToken: sent.cardToken, brandId: branch.brandId }
          : null;
        const outcome = qualifyTransaction({
          transaction: { datetime: sent.datetime, amountPence: sent.amountPence },
          branch: linked ? branch : null,
          campaigns,
          history,
          rewards: card ? await testRewards(trx, card, campaigns, timeZone) : undefined,
          brandCampaignMonths: months,
          timeZone,
          heldOutOf,
        });
        const qualified = outcome.outcome === 'qualified';
        const reason = outcome.outcome === 'notQualified' ? outcome.reason : null;
        const cappedReason = outcome.outcome === 'qualified' ? (outcome.cappedReason ?? null) : null;
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
          rewarded_spend_pence:
            outcome.outcome === 'qualified' ? (outcome.terms.rewardedSpendPence ?? null) : null,
          reason,
          capped_reason: cappedReason,
          reason_params:
            outcome.outcome !== 'refund' && outcome.reasonParams
              ? JSON.stringify(outcome.reasonParams)
              : null,
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
              cappedReasonCode: result.cappedReasonCode,
              cappedReason: result.cappedReason,
              reasonParams: result.reasonParams,
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
