import { sql, type Kysely } from 'kysely';

/**
 * Caps on a campaign (docs/decisions/0116): each optional, null when the campaign has
 * none. Money in whole pence. The interval of the two per-interval caps is of the timezone
 * setting's local time, set exactly when one of them is. A transaction that earned less for a cap
 * keeps why in `capped_reason` (a reason code of messages.qualification); one that earned nothing
 * for a cap is not qualified and keeps it in `reason`, as every other reason. The card's rewards
 * by a campaign are read by the card and brand index of migration 0020, then its campaign.
 */
const statements = [
  sql`ALTER TABLE campaigns
    ADD COLUMN max_cashback_pence bigint CHECK (max_cashback_pence > 0),
    ADD COLUMN max_transactions_per_card integer CHECK (max_transactions_per_card > 0),
    ADD COLUMN max_transactions_per_interval integer CHECK (max_transactions_per_interval > 0),
    ADD COLUMN max_spend_per_interval_pence bigint CHECK (max_spend_per_interval_pence > 0),
    ADD COLUMN cap_interval text CHECK (cap_interval IN ('day', 'week', 'month')),
    ADD CONSTRAINT campaigns_cap_interval_needed CHECK (
      (cap_interval IS NOT NULL) =
        (max_transactions_per_interval IS NOT NULL OR max_spend_per_interval_pence IS NOT NULL))`,
  sql`ALTER TABLE transactions
    ADD COLUMN capped_reason text,
    ADD CONSTRAINT transactions_capped_reason_check CHECK (capped_reason IS NULL OR outcome = 'qualified')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
