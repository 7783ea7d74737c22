import { sql, type Kysely } from 'kysely';
import { shiftDate } from '@krowd/domain/calendar/calendar.rules';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import { campaignDates } from '@krowd/domain/overview/overview.schema';
import type { DB } from '../db/database.generated.ts';
import {
  createImpressionsRepository,
  type ImpressionValue,
} from '../modules/overview/impressions.repository.ts';
import { prng } from './prng.ts';

/** The seed of the demo impressions: the same demo data at every first start. */
export const demoImpressionSeed = 20_251_123;

/**
 * Demo impressions (brief §7), after the demo transactions: for every campaign and publisher that
 * brought conversions, each day of the campaign's month up to yesterday gets a reach of several
 * times that day's conversions (8 to 14 cardholders shown the offer per purchase) plus a base of
 * 40 to 120 shown on quiet days, from a fixed seed. Stored through the impressions repository.
 */
export async function loadDemoImpressions(db: Kysely<DB>, options: { now: Date; timeZone: string }) {
  const yesterday = localToday(new Date(options.now.getTime() - 86_400_000), options.timeZone);
  const { rows: pairs } = await sql<{
    campaign_id: string;
    publisher_id: string;
    brand_id: string;
    start_date: string;
  }>`
    SELECT DISTINCT r.campaign_id, r.publisher_id, r.brand_id, c.start_date, c.name, p.code
    FROM reporting_daily r
      JOIN campaigns c ON c.id = r.campaign_id
      JOIN publishers p ON p.id = r.publisher_id
    -- By names, not ids (random at every start), so the seed gives the same reach at every first start.
    ORDER BY c.start_date, c.name, p.code`.execute(db);
  const { rows: daily } = await sql<{
    campaign_id: string;
    publisher_id: string;
    day: string;
    conversions: unknown;
  }>`
    SELECT campaign_id, publisher_id, day, sum(conversions) AS conversions
    FROM reporting_daily GROUP BY 1, 2, 3`.execute(db);
  const conversionsOf = new Map(
    daily.map((row) => [`${row.campaign_id} ${row.publisher_id} ${row.day}`, Number(row.conversions)]),
  );
  const random = prng(demoImpressionSeed);
  const values: ImpressionValue[] = [];
  for (const pair of pairs) {
    const { startDate, endDate } = campaignDates(pair.start_date);
    const perPurchase = 8 + Math.floor(random() * 7);
    for (let day = startDate; day <= endDate && day <= yesterday; day = shiftDate(day, 1)) {
      const conversions = conversionsOf.get(`${pair.campaign_id} ${pair.publisher_id} ${day}`) ?? 0;
      values.push({
        brandId: pair.brand_id,
        campaignId: pair.campaign_id,
        publisherId: pair.publisher_id,
        day,
        reach: conversions * perPurchase + 40 + Math.floor(random() * 81),
      });
    }
  }
  await db.transaction().execute((trx) => createImpressionsRepository(db).upsert(trx, values));
  return values.length;
}
