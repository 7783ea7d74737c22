import type { Kysely } from 'kysely';
import { currentMonth, localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import { holdoutBucket } from '@krowd/domain/incrementality/holdout.rules';
import type { DB } from '../db/database.generated.ts';
import { createTransactionIngestion, type IngestItem } from '../modules/ingestion/ingestion.transactions.ts';
import { createReportingRepository } from '../modules/reporting/reporting.repository.ts';
import { createTransactionsRepository } from '../modules/ingestion/transactions.repository.ts';
import { demoBankPublisherCode } from './demo-publishers.ts';
import { prng } from './prng.ts';

/**
 * The demo's holdout (docs/decisions/0129): Demo Bank, which hides held-out cards' offers, sends
 * this month's purchases of its cards at the branches of the demo campaign with a holdout, through
 * the real ingestion. Its held-out cards' purchases are stored not qualified with reason
 * 'holdout', paid nothing, and every card that bought has its assignment stored, as a live file's
 * would. The cards kept out buy a little less often than those shown the offer, as an offer that
 * works makes them do (the lift the campaign is measured by).
 */

/** Demo Bank's cards: each buys at the brand this month with the chance of its arm. */
export const demoHoldoutCards = 160;
const buyingShare = { exposed: 0.65, holdout: 0.5 } as const;
const seed = 20_261_204;

/** Weekdays (the campaign's days) of the month up to today, 'YYYY-MM-DD'. */
function weekdaysSoFar(now: Date, timeZone: string): string[] {
  const month = currentMonth(now, timeZone);
  const today = localToday(now, timeZone);
  const days: string[] = [];
  for (let day = 1; day <= 31; day += 1) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    if (date > today) break;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(date);
  }
  return days;
}

/** The demo holdout's purchases, ingested as one Demo Bank file; the rows sent. */
export async function loadDemoHoldoutPurchases(
  db: Kysely<DB>,
  options: { now: Date; timeZone: string },
): Promise<number> {
  const { now, timeZone } = options;
  const month = currentMonth(now, timeZone);
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'brand_id'])
    .where('start_date', '=', `${month}-01`)
    .where('holdout_share_basis_points', '>', 0)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const publisher = await db
    .selectFrom('publishers')
    .select(['id', 'code'])
    .where('code', '=', demoBankPublisherCode)
    .executeTakeFirst();
  if (!campaign || !publisher) return 0;
  const branches = await db
    .selectFrom('campaign_branches as cb')
    .innerJoin('branches as b', 'b.id', 'cb.branch_id')
    .select(['b.mastercard_merchant_id as mid', 'b.postcode'])
    .where('cb.campaign_id', '=', campaign.id)
    .where('b.mastercard_merchant_id', 'is not', null)
    .orderBy('b.kmid')
    .execute();
  const days = weekdaysSoFar(now, timeZone);
  if (branches.length === 0 || days.length === 0) return 0;
  const random = prng(seed);
  const rows: Record<string, string>[] = [];
  for (let index = 0; index < demoHoldoutCards; index += 1) {
    const cardToken = `tok_demobank_${index.toString(36)}`;
    const bucket = holdoutBucket({ publisherId: publisher.id, cardToken, brandId: campaign.brand_id, month });
    const arm = bucket < 1_000 ? 'holdout' : 'exposed';
    if (random() >= buyingShare[arm]) continue;
    const purchases = 1 + Math.floor(random() * 3);
    for (let purchase = 0; purchase < purchases; purchase += 1) {
      const day = days[Math.floor(random() * days.length)]!;
      const minute = Math.floor(random() * 120);
      let at = new Date(`${day}T12:00:00Z`).getTime() + minute * 60_000;
      // Today's purchases are before now: ingestion refuses rows dated ahead of the upload.
      if (at > now.getTime() - 60_000) at = now.getTime() - 60_000 - purchase * 1_000;
      const branch = branches[Math.floor(random() * branches.length)]!;
      rows.push({
        transaction_id: `DEMO-DEMOBANK-HOLDOUT-${index}-${purchase}`,
        datetime: new Date(at).toISOString(),
        amount: (12 + Math.floor(random() * 2_400) / 100).toFixed(2),
        currency: 'GBP',
        mid: branch.mid!,
        card_token: cardToken,
        card_last4: String(1000 + ((index * 37) % 9000)),
        postcode: branch.postcode ?? '',
        publisher: publisher.code,
      });
    }
  }
  rows.sort((a, b) => a.datetime!.localeCompare(b.datetime!));
  const ingestion = createTransactionIngestion({
    db,
    reporting: createReportingRepository(db),
    transactions: createTransactionsRepository(db),
    timeZone,
    clock: () => now,
  });
  async function* items(): AsyncGenerator<IngestItem[]> {
    yield rows.map((fields, index) => ({ line: index + 2, fields }));
  }
  const result = await ingestion.ingest(publisher, items, { partial: false, channel: 'api' });
  return result.received;
}
