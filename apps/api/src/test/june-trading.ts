import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/database.generated.ts';
import { everyWeekDay, insertBranch, insertCampaign } from '../modules/campaigns/campaigns.fixtures.ts';
import { ingestAtrRows } from '../modules/settlements/settlements.fixtures.ts';
import { call, type App } from './test-app.ts';

/**
 * A brand trading in June 2025, for tests that watch the dashboard follow uploads (the database
 * engines' tests: a pooler, a replica). Their clock says 15 July 2025, so June's purchases qualify.
 */

export const july15th2025 = () => new Date('2025-07-15T16:00:00Z');

/** An active branch with MID `mid` and a June 2025 campaign (every day, all day, 10%) for the brand. */
export async function addJuneTrading(db: Kysely<DB>, brandId: string, mid: string) {
  await insertBranch(db, brandId, 'Active', `Branch ${mid}`, mid);
  await insertCampaign(db, {
    brandId,
    month: '2025-06',
    name: `Campaign ${mid}`,
    discountPercent: 10,
    status: 'Bank Approved',
    values: { week_days: everyWeekDay },
  });
}

let uploaded = 0;

/** Uploads `rows` £20 June purchases at `mid` through ATR's key, each a new transaction and card. */
export async function uploadJunePurchases(app: App, mid: string, rows: number) {
  const lines = Array.from({ length: rows }, () => {
    uploaded += 1;
    const day = String(1 + (uploaded % 28)).padStart(2, '0');
    return `${mid}-${uploaded},2025-06-${day}T12:00:00Z,20.00,GBP,${mid},card-${mid}-${uploaded},1234,,ATR`;
  });
  await ingestAtrRows(app, ...lines);
}

/** The dashboard's conversions for June 2025, as the signed-in caller sees them. */
export async function juneConversions(app: App, token: string): Promise<number> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/dashboard/client',
    token,
    body: { conditions: { txn_date_time: ['2025-06-01', '2025-06-30'] } },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { statistics } = response.json<{ dashboard: { statistics?: { name: string; value: unknown }[] } }>()
    .dashboard;
  return Number(statistics?.find((entry) => entry.name === 'conversions')?.value ?? 0);
}
