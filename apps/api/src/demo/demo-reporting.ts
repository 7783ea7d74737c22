import type { Insertable, Transaction } from 'kysely';
import { currentMonth, localToday, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import type { CollectionMethod, PaymentStatus } from '@krowd/domain/invoice/invoice.schema';
import { adminChargePence, invoiceDates } from '@krowd/domain/invoice/invoice.rules';
import type { DB, IngestionLogBrandsTable, InvoicesTable } from '../db/schema.ts';
import { dealsByBrand, type DemoBrandKey } from './demo-catalogue.ts';

/**
 * Demo invoices and ingestion logs, until the reporting issue's invoice run and ingestion write
 * real ones. Invoices exist only for the demo campaigns' closed months whose 30-day return period
 * has passed; their cashback follows the campaign's offer over the month's qualified spend, the
 * success fee is free (each brand's first 3 campaign months), and manual payment adds 1%.
 */
interface DemoInvoice {
  brand: DemoBrandKey;
  /** The campaign month, from the current month (matching demo-campaigns.ts). */
  offset: number;
  /** The month's cashback in pence, as the campaign's offer gives it. */
  cashbackPence: number;
  collection: CollectionMethod;
  status: PaymentStatus;
  /** Whether the invoice host has the document yet. */
  withDocument: boolean;
}

const demoInvoices: DemoInvoice[] = [
  // 15% of £8,424.60 qualified spend.
  {
    brand: 'standalone',
    offset: -4,
    cashbackPence: Math.round(842_460 * 0.15),
    collection: 'manual',
    status: 'Paid',
    withDocument: true,
  },
  // £5 off 214 qualifying orders of £30 or more, new customers.
  {
    brand: 'standalone',
    offset: -2,
    cashbackPence: 214 * 500,
    collection: 'manual',
    status: 'Unpaid',
    withDocument: false,
  },
  // 10% of £12,368.50 qualified spend.
  {
    brand: 'groupBrandA',
    offset: -3,
    cashbackPence: Math.round(1_236_850 * 0.1),
    collection: 'direct_debit',
    status: 'Pending',
    withDocument: true,
  },
];

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
  timeZone: string,
  options: { ingestionLogs: boolean },
): Promise<void> {
  const today = localToday(now, timeZone);
  const month = currentMonth(now, timeZone);
  const invoices: Insertable<InvoicesTable>[] = [];
  for (const invoice of demoInvoices) {
    const [year, monthNumber] = shiftMonth(month, invoice.offset).split('-').map(Number) as [number, number];
    const { issuedOn, dueDate } = invoiceDates(year, monthNumber);
    if (issuedOn > today) continue;
    const successFeePence = 0;
    const adminCharge =
      invoice.collection === 'manual' ? adminChargePence(invoice.cashbackPence, successFeePence) : 0;
    invoices.push({
      brand_id: brandIds[invoice.brand],
      year,
      month: monthNumber,
      cashback_pence: invoice.cashbackPence,
      success_fee_pence: successFeePence,
      admin_charge_pence: adminCharge,
      amount_pence: invoice.cashbackPence + successFeePence + adminCharge,
      collection_method: invoice.collection,
      issued_on: issuedOn,
      due_date: dueDate,
      payment_status: invoice.status,
      paid_at: invoice.status === 'Paid' ? new Date(`${dueDate}T09:00:00Z`) : null,
      document_id: invoice.withDocument
        ? `XI-${year}${String(monthNumber).padStart(2, '0')}-${invoice.brand}`
        : null,
    });
  }
  // Oldest first, so the invoice numbers follow the months.
  invoices.sort((a, b) => a.year * 12 + a.month - (b.year * 12 + b.month));
  for (const values of invoices) await trx.insertInto('invoices').values(values).execute();
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
      const shares: Omit<Insertable<IngestionLogBrandsTable>, 'ingestion_log_id'>[] = [];
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
