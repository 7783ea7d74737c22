import { sql, type Kysely } from 'kysely';

/**
 * Budget pacing (docs/decisions/0120): when the brand was told that a campaign had
 * spent 80% of its budget, and that it had used it all. Each is set once, in the transaction of
 * the upload that crossed the threshold, with the job that mails the brand's administrators; a
 * campaign set is never told again.
 */
const statements = [
  sql`ALTER TABLE campaigns
    ADD COLUMN budget_alert_80_sent_at timestamptz,
    ADD COLUMN budget_alert_100_sent_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
