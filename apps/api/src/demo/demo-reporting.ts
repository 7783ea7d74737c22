import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { currentMonth, localToday, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { firstInvoiceDate, latestInvoiceableMonth } from '@krowd/domain/invoice/invoice.rules';
import type { DB } from '../db/database.generated.ts';
import type { SellerDetails } from '../modules/invoices/invoice-document-lines.ts';
import { createInvoiceRun } from '../modules/invoices/invoice-run.ts';
import { dealsByBrand, type DemoBrandKey } from './demo-catalogue.ts';

/**
 * Demo invoices and ingestion logs. Invoices come from the real invoice run over the demo
 * transactions (loadDemoInvoices, after they are ingested); the synthetic ingestion logs below
 * are written only where no demo transactions are ingested (the test harness).
 */

/** The demo brands that run campaigns, hence have transactions in the publishers' files. */
const tradingBrands: DemoBrandKey[] = ['groupBrandA', 'groupBrandB', 'standalone'];

/** Weeks of publisher uploads shown in the ingestion logs. */
const ingestionWeeks = 8;

/** A small deterministic generator, so every fresh demo database shows the same figures. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function latestOf(dates: (Date | null | undefined)[]): Date | null {
  const times = dates.flatMap((date) => (date ? [date.getTime()] : []));
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

export async function loadDemoReporting(
  trx: Transaction<DB>,
  brandIds: Record<DemoBrandKey, string>,
  publisherIds: Record<string, string>,
  now: Date,
  options: { ingestionLogs: boolean },
): Promise<void> {
  // Synthetic logs only where no demo transactions are ingested (the test harness): they would
  // contradict the real logs of those uploads.
  if (!options.ingestionLogs) return;

  // Each publisher uploads a file every Monday at 06:00 UTC; a brand's share follows its deals.
  const random = seeded(20_240_601);
  const lastMonday = new Date(now);
  lastMonday.setUTCDate(lastMonday.getUTCDate() - ((lastMonday.getUTCDay() + 6) % 7));
  lastMonday.setUTCHours(6, 0, 0, 0);
  if (lastMonday > now) lastMonday.setUTCDate(lastMonday.getUTCDate() - 7);
  for (let week = ingestionWeeks - 1; week >= 0; week -= 1) {
    const uploadedAt = new Date(lastMonday.getTime() - week * 7 * 86_400_000);
    for (const code of Object.keys(publisherIds)) {
      const shares: Omit<Insertable<DB['ingestion_log_brands']>, 'ingestion_log_id'>[] = [];
      for (const brand of tradingBrands) {
        if (!dealsByBrand[brand].some(([publisher]) => publisher === code)) continue;
        const count = 120 + Math.floor(random() * 380);
        // An average spend between £18 and £34 a transaction.
        const gmv = count * (1800 + Math.floor(random() * 1600));
        shares.push({
          brand_id: brandIds[brand],
          gmv_pence: gmv,
          transaction_count: count,
          last_transaction_at: new Date(uploadedAt.getTime() - (6 + Math.floor(random() * 10)) * 3_600_000),
        });
      }
      const unmatched = Math.floor(random() * 6);
      const unmatchedGmv = unmatched * (1500 + Math.floor(random() * 2000));
      const log = await trx
        .insertInto('ingestion_logs')
        .values({
          publisher_id: publisherIds[code]!,
          channel: 'api',
          file_name: `${code.toLowerCase()}-${uploadedAt.toISOString().slice(0, 10)}.csv`,
          uploaded_at: uploadedAt,
          gmv_pence: shares.reduce((sum, share) => sum + share.gmv_pence, unmatchedGmv),
          transaction_count: shares.reduce((sum, share) => sum + share.transaction_count, unmatched),
          unmatched_count: unmatched,
          last_transaction_at: latestOf(shares.map((share) => share.last_transaction_at)),
          next_ingestion_at: new Date(uploadedAt.getTime() + 7 * 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (shares.length > 0) {
        await trx
          .insertInto('ingestion_log_brands')
          .values(shares.map((share) => ({ ...share, ingestion_log_id: log.id })))
          .execute();
      }
    }
  }
}

/**
 * The demo's invoices, made by the real invoice run after the demo transactions are ingested: each
 * closed campaign month is invoiced on the day the daily run would first have invoiced it (the day
 * after its return period), oldest first, so numbers, issue and due dates read as a history.
 *
 * Payment statuses: no demo brand has a direct-debit mandate (a brand sets one up on Payments), so
 * the run invoices every month as paid by hand and leaves it Unpaid. To show the list's statuses, invoices of campaign months more than 3
 * months back (whose due dates have passed) are marked Paid on their due date (paid_at 09:00 UTC);
 * newer ones stay Unpaid. This is the only invented part, and only in the demo.
 */
export async function loadDemoInvoices(
  db: Kysely<DB>,
  options: { now: Date; timeZone: string; seller?: SellerDetails },
) {
  const today = localToday(options.now, options.timeZone);
  const run = createInvoiceRun({
    db,
    timeZone: options.timeZone,
    clock: () => options.now,
    seller: options.seller,
  });
  const months = await db
    .selectFrom('campaigns')
    .select(sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('month_start'))
    .where('start_date', '<=', latestInvoiceableMonth(today))
    .groupBy('start_date')
    .orderBy('start_date')
    .execute();
  for (const { month_start } of months) {
    const [year, month] = month_start.split('-').map(Number) as [number, number];
    await run.runOn(firstInvoiceDate(year, month));
  }
  // Campaign months more than 3 months back (their due dates have passed): Paid on the due date.
  const paidBefore = `${shiftMonth(currentMonth(options.now, options.timeZone), -3)}-01`;
  await db
    .updateTable('invoices')
    .set({ payment_status: 'Paid', paid_at: sql<Date>`due_date + time '09:00' AT TIME ZONE 'UTC'` })
    .where(sql<boolean>`make_date(year, month, 1) < ${paidBefore}::date`)
    .where('payment_status', '=', 'Unpaid')
    .execute();
}
