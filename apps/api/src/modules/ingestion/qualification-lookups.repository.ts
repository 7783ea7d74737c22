import { sql, type Selectable, type Transaction } from 'kysely';
import type { BranchStatus } from '@krowd/domain/branch/branch.schema';
import { monthOf, type IsoMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import type {
  BranchMatch,
  QualificationCampaign,
  QualificationOutcome,
  QualificationReason,
  RewardTerms,
} from '@krowd/domain/qualification/qualification.rules';
import { storedReasonParams, type ReasonParams } from '@krowd/domain/qualification/cap-reasons.rules';
import { budgetSpentByCampaign } from '../../db/budget-spent.ts';
import type { DB } from '../../db/database.generated.ts';
import { qualificationColumns } from './qualification-reads.ts';

/**
 * What qualification looks up, for a page of an upload (upload-qualification.ts) and for the rule
 * simulator: the branch of each MID, a brand's campaigns, cards' stored purchases, refunds'
 * originals. Each is one query, of index probes whatever the page's size.
 */

/** A purchase a refund may reverse, as stored. */
export interface StoredPurchase {
  id: string;
  amountPence: number;
  refundedPence: number;
  outcome: QualificationOutcome;
}

/** A purchase a capped campaign rewarded a card for, as stored (its instant `at` in ms). */
export interface StoredReward {
  id: string;
  campaignId: string;
  at: number;
  amountPence: number;
  refundedPence: number;
  rewardedSpendPence: number;
  minimumSpendPence: number;
}

const approvedStatuses = ['Bank Approved', 'Active'] as const;

/** The stored outcome columns, in the order `outcomeOf` reads them. */
export const outcomeColumns = [
  'outcome',
  'campaign_id',
  'cashback_pence',
  'success_fee_pence',
  'customer_type',
  'offer_type',
  'terms',
  'reason',
  'capped_reason',
  'reason_params',
] as const;

/** The stored outcome columns back into the engine's outcome. */
/** A stored transaction's outcome columns (`outcomeColumns`), as the table declares them. */
type OutcomeRow = Pick<Selectable<DB['transactions']>, (typeof outcomeColumns)[number]>;

function outcomeOf(row: OutcomeRow): QualificationOutcome {
  if (row.outcome === 'notQualified') {
    return {
      outcome: 'notQualified',
      reason: row.reason as QualificationReason,
      campaignId: row.campaign_id,
      ...paramsOf(row),
    };
  }
  return {
    outcome: row.outcome,
    campaignId: row.campaign_id!,
    cashbackPence: row.cashback_pence,
    successFeePence: row.success_fee_pence,
    customerType: row.customer_type!,
    offerType: row.offer_type!,
    terms: row.terms as RewardTerms,
    ...(row.capped_reason
      ? { cappedReason: row.capped_reason as QualificationReason, ...paramsOf(row) }
      : {}),
  };
}

/** A cap's number stored with its reason (decision 0116), when there is one. */
function paramsOf(row: OutcomeRow): { reasonParams?: ReasonParams } {
  const params = storedReasonParams(row.reason_params);
  return params ? { reasonParams: params } : {};
}

function storedPurchase(
  row: OutcomeRow & Pick<Selectable<DB['transactions']>, 'id' | 'amount_pence' | 'refunded_pence'>,
): StoredPurchase {
  return {
    id: row.id,
    amountPence: row.amount_pence,
    refundedPence: row.refunded_pence,
    outcome: outcomeOf(row),
  };
}

/**
 * The branch of each merchant ID (any of its three), deleted branches aside; when two branches share
 * it, one that earns (Active, Approved, or Updated on its reviewed IDs) first, then the oldest. Every MID given, null when no branch has it;
 * one query.
 */
async function branchesOfMids(
  trx: Transaction<DB>,
  mids: string[],
): Promise<Map<string, BranchMatch | null>> {
  const found = new Map<string, BranchMatch | null>(mids.map((mid) => [mid, null]));
  if (mids.length === 0) return found;
  const { rows } = await sql<{ mid: string; id: string; brand_id: string; status: BranchStatus }>`
    SELECT m.mid, b.id, b.brand_id, b.status
    FROM unnest(${mids}::text[]) AS m (mid)
    CROSS JOIN LATERAL (
      SELECT id, brand_id, status FROM branches
      WHERE status <> 'Deleted' AND (mastercard_merchant_id = m.mid OR amex_merchant_id = m.mid
        OR zettle_merchant_id = m.mid)
      ORDER BY status IN ('Active', 'Approved', 'Updated') DESC, created_at, id
      LIMIT 1
    ) b`.execute(trx);
  for (const row of rows) {
    found.set(row.mid, { branchId: row.id, brandId: row.brand_id, status: row.status });
  }
  return found;
}

export const qualificationLookups = {
  /** The branch of a merchant ID, as `branchesOfMids` finds it (the rule simulator's one MID). */
  async branchOfMid(trx: Transaction<DB>, mid: string): Promise<BranchMatch | null> {
    return (await branchesOfMids(trx, [mid])).get(mid) ?? null;
  },

  branchesOfMids,

  /**
   * The brand's campaigns (not deleted) as the engine reads them, with each one's budget spent
   * so far (cashback plus fee of its qualified transactions and refunds, net: the reporting
   * store, which only ingestion writes, under its lock, with the rows) and the brand's approved
   * months.
   */
  async brandCampaigns(
    trx: Transaction<DB>,
    brandId: string,
  ): Promise<{ campaigns: QualificationCampaign[]; months: IsoMonth[] }> {
    const rows = await trx
      .selectFrom('campaigns')
      .select(qualificationColumns)
      .where('brand_id', '=', brandId)
      .where('deleted_at', 'is', null)
      // The engine's tie rule order, so it need not sort them for every transaction.
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (rows.length === 0) return { campaigns: [], months: [] };
    const ids = rows.map((row) => row.id);
    const [branches, pauses, spent] = await Promise.all([
      trx
        .selectFrom('campaign_branches')
        .select(['campaign_id', 'branch_id'])
        .where('campaign_id', 'in', ids)
        .execute(),
      // A series keeps its paused ranges on its primary (spec 1 §4): each month's campaign has them.
      trx
        .selectFrom('campaigns as c')
        .innerJoin('campaign_pauses as p', (join) =>
          join.on((eb) => eb('p.campaign_id', '=', eb.fn.coalesce('c.primary_campaign_id', 'c.id'))),
        )
        .select(['c.id as campaign_id', 'p.from_date', 'p.to_date'])
        .where('c.id', 'in', ids)
        .execute(),
      budgetSpentByCampaign(trx).where('campaign_id', 'in', ids).execute(),
    ]);
    const spentOf = new Map(spent.map((row) => [row.campaign_id, Number(row.spent)]));
    const campaigns = rows.map((row): QualificationCampaign => ({
      id: row.id,
      brandId: row.brand_id,
      createdAt: row.created_at.toISOString(),
      status: row.status,
      start_date: row.start_date,
      allBranches: row.all_branches,
      branchIds: branches.filter((b) => b.campaign_id === row.id).map((b) => b.branch_id),
      pauses: pauses
        .filter((p) => p.campaign_id === row.id)
        .map((p) => ({ from: p.from_date, to: p.to_date })),
      weekDays: row.week_days,
      start_time: row.start_time?.slice(0, 5) ?? null,
      end_time: row.end_time?.slice(0, 5) ?? null,
      customerType: row.customer_type,
      lastTransaction: row.last_transaction_months ?? 'NULL',
      discountType: row.discount_type,
      discountPercent: row.discount_percent,
      discountAmountPence: row.discount_amount_pence,
      discountValuePence: row.discount_value_pence,
      discountSpreadAmount: row.discount_spread_amount,
      discountSpreadValue: row.discount_spread_value,
      spreadAvgSpendPence: row.spread_avg_spend_pence,
      successFee: row.success_fee,
      budgetType: row.budget_type,
      budgetPence: row.budget_pence,
      budgetSpentPence: spentOf.get(row.id) ?? 0,
      maxCashbackPence: row.max_cashback_pence,
      maxTransactionsPerCard: row.max_transactions_per_card,
      maxTransactionsPerInterval: row.max_transactions_per_interval,
      holdoutShareBasisPoints: row.holdout_share_basis_points,
      maxSpendPerIntervalPence: row.max_spend_per_interval_pence,
      capInterval: row.cap_interval,
    }));
    const months = [
      ...new Set(
        rows
          .filter((row) => (approvedStatuses as readonly string[]).includes(row.status))
          .map((row) => monthOf(row.start_date)),
      ),
    ];
    return { campaigns, months };
  },

  /**
   * The purchases `cardHistoryOf` may need for these cards (by number) at these brands from
   * `from` on: every stored one since 13 months before it (a superset of the engine's local 12
   * months; later ones too, which the engine ignores for earlier rows), and each card's latest one
   * before that. A list for each card given, in their order; one query.
   */
  async cardPurchases(
    trx: Transaction<DB>,
    cards: readonly { brandId: string; cardNumber: number }[],
    from: Date,
  ): Promise<{ datetime: string; amountPence: number }[][]> {
    const purchases = cards.map((): { datetime: string; amountPence: number }[] => []);
    if (cards.length === 0) return purchases;
    const windowStart = sql`${from}::timestamptz - interval '13 months'`;
    const { rows } = await sql<{ card: number; occurred_at: Date; amount_pence: number }>`
      SELECT c.card, h.occurred_at, h.amount_pence
      FROM unnest(${cards.map((card) => card.brandId)}::uuid[], ${cards.map((card) => card.cardNumber)}::int[])
        WITH ORDINALITY AS c (brand_id, card_id, card)
      -- Index probes per card, whatever the statistics say: mid-upload they count none of the
      -- upload's rows, and a join would then be planned as a scan of every stored transaction.
      CROSS JOIN LATERAL (
        (SELECT t.occurred_at, t.amount_pence FROM transactions t
         WHERE t.card_id = c.card_id AND t.brand_id = c.brand_id AND t.occurred_at >= ${windowStart})
        UNION ALL
        (SELECT t.occurred_at, t.amount_pence FROM transactions t
         WHERE t.card_id = c.card_id AND t.brand_id = c.brand_id AND t.occurred_at < ${windowStart}
         ORDER BY t.occurred_at DESC LIMIT 1)
      ) h`.execute(trx);
    for (const row of rows) {
      purchases[Number(row.card) - 1]!.push({
        datetime: new Date(row.occurred_at).toISOString(),
        amountPence: Number(row.amount_pence),
      });
    }
    return purchases;
  },

  /**
   * The rewards of these cards (by number, at these brands) by the given campaigns, the ones with
   * count or spend caps (docs/decisions/0116): each qualified purchase of the card the campaign
   * paid, stored at any time, with its terms' rewarded spend and minimum and what refunds took
   * back. A list for each card given, in their order; one query of index probes by card.
   */
  async cardRewards(
    trx: Transaction<DB>,
    cards: readonly { brandId: string; cardNumber: number }[],
    campaignIds: readonly string[],
  ): Promise<StoredReward[][]> {
    const rewards = cards.map((): StoredReward[] => []);
    if (cards.length === 0 || campaignIds.length === 0) return rewards;
    const { rows } = await sql<{
      card: number;
      id: string;
      campaign_id: string;
      occurred_at: Date;
      amount_pence: number;
      refunded_pence: number;
      terms: RewardTerms;
    }>`
      SELECT c.card, t.id, t.campaign_id, t.occurred_at, t.amount_pence, t.refunded_pence, t.terms
      FROM unnest(${cards.map((card) => card.brandId)}::uuid[], ${cards.map((card) => card.cardNumber)}::int[])
        WITH ORDINALITY AS c (brand_id, card_id, card)
      CROSS JOIN LATERAL (
        SELECT id, campaign_id, occurred_at, amount_pence, refunded_pence, terms FROM transactions
        WHERE card_id = c.card_id AND brand_id = c.brand_id AND outcome = 'qualified'
          AND campaign_id = ANY(${[...campaignIds]}::uuid[])
      ) t`.execute(trx);
    for (const row of rows) {
      const amountPence = Number(row.amount_pence);
      rewards[Number(row.card) - 1]!.push({
        id: row.id,
        campaignId: row.campaign_id,
        at: new Date(row.occurred_at).getTime(),
        amountPence,
        refundedPence: Number(row.refunded_pence),
        rewardedSpendPence: row.terms.rewardedSpendPence ?? amountPence,
        minimumSpendPence: row.terms.minimumSpendPence,
      });
    }
    return rewards;
  },

  /** Purchases of the publisher named by their transaction ids (refunds' stated originals), by id. */
  async purchasesByIds(trx: Transaction<DB>, publisherId: string, transactionIds: string[]) {
    const found = new Map<string, StoredPurchase>();
    if (transactionIds.length === 0) return found;
    // One probe of the (publisher, transaction id) key per id, whatever the statistics say
    // (mid-upload they count none of the upload's rows, and a scan of the publisher's would be chosen).
    const { rows } = await sql<Parameters<typeof storedPurchase>[0] & { publisher_transaction_id: string }>`
      SELECT t.* FROM unnest(${transactionIds}::text[]) AS named (transaction_id)
      CROSS JOIN LATERAL (
        SELECT id, publisher_transaction_id, amount_pence, refunded_pence, ${sql.join(outcomeColumns.map((column) => sql.ref(column)))}
        FROM transactions
        WHERE publisher_id = ${publisherId} AND publisher_transaction_id = named.transaction_id
          AND amount_pence > 0
        LIMIT 1
      ) t`.execute(trx);
    for (const row of rows) found.set(row.publisher_transaction_id, storedPurchase(row));
    return found;
  },

  /**
   * A refund's original when the file does not name it: the card's latest earlier purchase at
   * the brand whose amount not yet refunded covers the refund, else its latest earlier purchase.
   */
  async refundedPurchase(
    trx: Transaction<DB>,
    brandId: string,
    cardToken: string,
    before: Date,
    refundPence: number,
  ): Promise<StoredPurchase | null> {
    const earlier = trx
      .selectFrom('transactions')
      .select(['id', 'amount_pence', 'refunded_pence', ...outcomeColumns])
      .where('card_id', '=', (eb) =>
        eb.selectFrom('cards').select('cards.id').where('cards.token', '=', cardToken),
      )
      .where('brand_id', '=', brandId)
      .where('amount_pence', '>', 0)
      .where('occurred_at', '<', before)
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1);
    const row =
      (await earlier
        .where(sql<boolean>`amount_pence - refunded_pence >= ${refundPence}`)
        .executeTakeFirst()) ?? (await earlier.executeTakeFirst());
    return row ? storedPurchase(row) : null;
  },
};
