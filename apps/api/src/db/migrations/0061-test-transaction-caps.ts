import { sql, type Kysely } from 'kysely';

/**
 * Test transactions meet every cap the live engine applies (docs/decisions/0116, 0091): a count or
 * spend cap counts the card's earlier test rewards by the campaign, so each test reward keeps what
 * the caps count of it, as a live one does: `rewarded_spend_pence`, the part of the amount that
 * earned when the spend cap cut it (null: all of it). A capped outcome keeps its reason as a live
 * one does: `capped_reason` when it earned less (`reason` when it earned nothing), and the cap's
 * number beside it, `reason_params` (`{"limit", "interval"}`, migration 0060). Rows stored before
 * met the cashback cap only, which cuts no spend: null is what they earned on.
 */
const statements = [
  sql`ALTER TABLE publisher_test_transactions
    ADD COLUMN rewarded_spend_pence bigint CHECK (rewarded_spend_pence >= 0),
    ADD COLUMN capped_reason text,
    ADD COLUMN reason_params jsonb,
    ADD CONSTRAINT publisher_test_transactions_reason_params_check
      CHECK (reason_params IS NULL OR reason IS NOT NULL OR capped_reason IS NOT NULL)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
