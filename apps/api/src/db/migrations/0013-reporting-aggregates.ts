import { sql, type Kysely } from 'kysely';

/**
 * The reporting store: what the dashboard reads instead of raw transactions.
 *
 * reporting_daily: one row per local day (the timezone setting, from transactions.local_datetime)
 * × brand × branch × publisher × campaign × customer type × offer type, over qualified purchases and
 * their refunds only. `conversions` counts qualified purchases, `refunds` the refund rows; spend,
 * cashback and fee are net sums in pence (a refund's negative amount and reversed cashback and fee
 * count on the refund's own day). `max_spend_pence` and `min_spend_pence` are the largest and
 * smallest qualified purchase (null on a row holding refunds only).
 *
 * reporting_card_days: the same dimensions plus the card, with its qualified purchases that day:
 * exact distinct counts (reach = distinct cards, repeat customers = cards with two or more
 * purchases) for any filter and range, without reading transactions. A card's several purchases
 * on one day at one branch through one publisher and campaign are one row.
 *
 * Both are written by ingestion in the same database transaction as the transactions themselves
 * (reporting.repository.ts), so they never disagree with the raw rows. Existing transactions are
 * aggregated here once.
 */
const dimensions = sql.raw('day, brand_id, branch_id, publisher_id, campaign_id, customer_type, offer_type');
/** The dimensions brand first: the tenant key leads the primary key (and a distribution key). */
const key = sql.raw('brand_id, day, branch_id, publisher_id, campaign_id, customer_type, offer_type');
const dimensionColumns = sql.raw(`day date NOT NULL,
    brand_id uuid NOT NULL REFERENCES brands (id),
    branch_id uuid NOT NULL REFERENCES branches (id),
    publisher_id uuid NOT NULL REFERENCES publishers (id),
    campaign_id uuid NOT NULL REFERENCES campaigns (id),
    customer_type text NOT NULL CHECK (customer_type IN ('new', 'existing', 'lapsed')),
    offer_type text NOT NULL CHECK (offer_type IN ('dp', 'dv', 'ss'))`);

const statements = [
  sql`CREATE TABLE reporting_daily (
    ${dimensionColumns},
    conversions bigint NOT NULL DEFAULT 0,
    refunds bigint NOT NULL DEFAULT 0,
    spend_pence bigint NOT NULL DEFAULT 0,
    cashback_pence bigint NOT NULL DEFAULT 0,
    success_fee_pence bigint NOT NULL DEFAULT 0,
    max_spend_pence bigint,
    min_spend_pence bigint,
    PRIMARY KEY (${key})
  )`,
  sql`CREATE INDEX reporting_daily_day_idx ON reporting_daily (day)`,
  sql`CREATE INDEX reporting_daily_campaign_idx ON reporting_daily (campaign_id, day)`,
  sql`CREATE TABLE reporting_card_days (
    ${dimensionColumns},
    card_token text NOT NULL,
    purchases bigint NOT NULL,
    PRIMARY KEY (${key}, card_token)
  )`,
  sql`CREATE INDEX reporting_card_days_day_idx ON reporting_card_days (day)`,
  sql`CREATE INDEX reporting_card_days_campaign_idx ON reporting_card_days (campaign_id, day)`,
  sql`INSERT INTO reporting_daily (${dimensions}, conversions, refunds, spend_pence, cashback_pence,
      success_fee_pence, max_spend_pence, min_spend_pence)
    SELECT local_datetime::date, brand_id, branch_id, publisher_id, campaign_id, customer_type,
      offer_type, count(*) FILTER (WHERE outcome = 'qualified'),
      count(*) FILTER (WHERE outcome = 'refund'), sum(amount_pence), sum(cashback_pence),
      sum(success_fee_pence), max(amount_pence) FILTER (WHERE outcome = 'qualified'),
      min(amount_pence) FILTER (WHERE outcome = 'qualified')
    FROM transactions WHERE outcome <> 'notQualified'
    GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  sql`INSERT INTO reporting_card_days (${dimensions}, card_token, purchases)
    SELECT local_datetime::date, brand_id, branch_id, publisher_id, campaign_id, customer_type,
      offer_type, card_token, count(*)
    FROM transactions WHERE outcome = 'qualified'
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
