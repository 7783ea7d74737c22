import { sql, type Insertable, type Transaction } from 'kysely';
import type { CardHistory } from '@krowd/domain/qualification/qualification.rules';
import type { DB } from '../../db/database.generated.ts';

/** A test transaction's outcome as answered: what is read back of a stored one. */
const resultColumns = [
  'id',
  'publisher_transaction_id',
  'outcome',
  'reason',
  'capped_reason',
  'reason_params',
  'campaign_id',
  'brand_id',
  'cashback_pence',
] as const;

/**
 * The test keys' transactions (publisher_test_transactions, decision 0091), kept apart from the
 * live ones: each call in the sending request's transaction. SQL only.
 */
export const testTransactionsRepository = {
  /** The publisher's test transaction of that id, sent before. */
  async find(trx: Transaction<DB>, publisherId: string, transactionId: string) {
    return trx
      .selectFrom('publisher_test_transactions')
      .select(resultColumns)
      .where('publisher_id', '=', publisherId)
      .where('publisher_transaction_id', '=', transactionId)
      .executeTakeFirst();
  },

  /**
   * Whether the brand is linked to the publisher (its link row, or undefined), with whether the
   * publisher hides held-out cards' offers (decision 0129).
   */
  async brandLinked(trx: Transaction<DB>, publisherId: string, brandId: string) {
    return trx
      .selectFrom('publisher_brands')
      .innerJoin('publishers', 'publishers.id', 'publisher_brands.publisher_id')
      .select(['publisher_brands.brand_id', 'publishers.honours_holdouts'])
      .where('publisher_brands.publisher_id', '=', publisherId)
      .where('publisher_brands.brand_id', '=', brandId)
      .executeTakeFirst();
  },

  /** The card's earlier test purchases at the brand, read as the engine reads a card's history. */
  async cardHistory(
    trx: Transaction<DB>,
    publisherId: string,
    cardToken: string,
    brandId: string,
    at: Date,
  ): Promise<CardHistory> {
    const { rows } = await sql<{ last_at: Date | null; average: string | null }>`
      SELECT max(occurred_at) AS last_at,
        round(avg(amount_pence) FILTER (WHERE occurred_at >= ${at}::timestamptz - interval '12 months')) AS average
      FROM publisher_test_transactions
      WHERE publisher_id = ${publisherId} AND card_token = ${cardToken} AND brand_id = ${brandId}
        AND occurred_at < ${at}::timestamptz AND amount_pence > 0`.execute(trx);
    const row = rows[0];
    return {
      lastPurchaseAt: row?.last_at ? new Date(row.last_at).getTime() : null,
      averageSpendPence: row?.average === null || row?.average === undefined ? null : Number(row.average),
    };
  },

  /**
   * The card's earlier test rewards by the campaigns given (those with count or spend caps), as
   * ingestion reads a card's stored rewards (`qualification-lookups.repository.ts` `cardRewards`):
   * every qualified one of the campaign, whenever it happened; the caps count those in the
   * purchase's interval. Test purchases are never refunded, so nothing of one is taken back.
   */
  async cardRewards(
    trx: Transaction<DB>,
    card: { publisherId: string; cardToken: string; brandId: string },
    campaignIds: readonly string[],
  ) {
    if (campaignIds.length === 0) return [];
    return trx
      .selectFrom('publisher_test_transactions')
      .select(['campaign_id', 'occurred_at', 'amount_pence', 'rewarded_spend_pence'])
      .where('publisher_id', '=', card.publisherId)
      .where('card_token', '=', card.cardToken)
      .where('brand_id', '=', card.brandId)
      .where('outcome', '=', 'qualified')
      .where('campaign_id', 'in', [...campaignIds])
      .execute();
  },

  /** Stores a test transaction's outcome: the row as answered. */
  async store(trx: Transaction<DB>, values: Insertable<DB['publisher_test_transactions']>) {
    return trx
      .insertInto('publisher_test_transactions')
      .values(values)
      .returning(resultColumns)
      .executeTakeFirstOrThrow();
  },
};
