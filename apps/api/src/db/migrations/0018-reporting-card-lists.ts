import { sql, type Kysely } from 'kysely';

/**
 * Exact distinct cards at scale (docs/decisions.md 'Performance'): the card-day rows
 * of 0013 (one row a card a day and dimensions, a text token each) made a year of a big brand a
 * million rows to hash per dashboard request. They are replaced by card lists:
 *
 * cards: every card token that made a qualified purchase, numbered densely from 1 (only ingestion
 * adds to it, under its lock, so no number is skipped). The number stands for the token in the lists.
 *
 * reporting_daily_cards: one row per row of reporting_daily (the same dimensions and key), holding
 * the card numbers of its qualified purchases as 4-byte big-endian integers, one per purchase (a
 * card buying twice that day appears twice). Reach is the distinct numbers over the filter's rows
 * and repeat customers those appearing twice or more, counted in the API over a bitset
 * (reporting/card-lists.ts): a filter reads a few thousand rows instead of a million. Storage is
 * external (uncompressed): the numbers do not compress, and reading them is then a plain copy.
 */
const dimensions = sql.raw('day, brand_id, branch_id, publisher_id, campaign_id, customer_type, offer_type');
const key = sql.raw('brand_id, day, branch_id, publisher_id, campaign_id, customer_type, offer_type');

const statements = [
  sql`CREATE TABLE cards (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token text NOT NULL UNIQUE
  )`,
  sql`CREATE TABLE reporting_daily_cards (
    day date NOT NULL,
    brand_id uuid NOT NULL REFERENCES brands (id),
    branch_id uuid NOT NULL REFERENCES branches (id),
    publisher_id uuid NOT NULL REFERENCES publishers (id),
    campaign_id uuid NOT NULL REFERENCES campaigns (id),
    customer_type text NOT NULL CHECK (customer_type IN ('new', 'existing', 'lapsed')),
    offer_type text NOT NULL CHECK (offer_type IN ('dp', 'dv', 'ss')),
    cards bytea NOT NULL CHECK (octet_length(cards) % 4 = 0),
    PRIMARY KEY (${key})
  )`,
  sql`ALTER TABLE reporting_daily_cards ALTER COLUMN cards SET STORAGE EXTERNAL`,
  sql`CREATE INDEX reporting_daily_cards_campaign_idx ON reporting_daily_cards (campaign_id, day)`,
  sql`INSERT INTO cards (token)
    SELECT DISTINCT card_token FROM transactions WHERE outcome = 'qualified' ORDER BY 1`,
  sql`INSERT INTO reporting_daily_cards (${dimensions}, cards)
    SELECT local_datetime::date, brand_id, branch_id, publisher_id, t.campaign_id, customer_type,
      offer_type, string_agg(int4send(c.id), ''::bytea)
    FROM transactions t JOIN cards c ON c.token = t.card_token
    WHERE t.outcome = 'qualified'
    GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  sql`DROP TABLE reporting_card_days`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
