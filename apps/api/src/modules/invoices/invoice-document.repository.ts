import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { CampaignLine, InvoiceDocumentParts, SellerDetails } from './invoice-document-lines.ts';
import { linkedTransactions } from './invoices.repository.ts';

/**
 * What an invoice's document names beyond its figures (decision 0072): the buyer's group and
 * billing contact (the brand's first admin, by sign-up), one line a campaign of what it billed,
 * and the transactions themselves, all read from the rows the invoice links.
 */
export async function invoiceDocumentParts(
  executor: Kysely<DB> | Transaction<DB>,
  invoice: { id: string; brand_id: string; group_id: string | null },
  seller: SellerDetails,
  timeZone: string,
): Promise<InvoiceDocumentParts> {
  const [contact, group, campaigns, transactions] = await Promise.all([
    executor
      .selectFrom('users')
      .select('email')
      .where('brand_id', '=', invoice.brand_id)
      .where('role', 'in', ['companyAdmin', 'brandAdmin'])
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst(),
    invoice.group_id
      ? executor.selectFrom('groups').select('name').where('id', '=', invoice.group_id).executeTakeFirst()
      : undefined,
    sql<Record<string, unknown>>`
      SELECT c.name, count(*) FILTER (WHERE t.outcome = 'qualified') AS purchases,
        count(*) FILTER (WHERE t.outcome = 'refund') AS refunds, sum(t.amount_pence) AS spend,
        sum(t.cashback_pence) AS cashback, sum(t.success_fee_pence) AS fee
      FROM invoice_transactions it JOIN transactions t ON t.id = it.transaction_id
      JOIN campaigns c ON c.id = t.campaign_id
      WHERE it.invoice_id = ${invoice.id}::uuid
      GROUP BY c.id, c.name ORDER BY c.name, c.id`.execute(executor),
    linkedTransactions(executor, { invoiceId: invoice.id }),
  ]);
  return {
    seller,
    buyerContact: contact?.email ?? null,
    groupName: group?.name ?? null,
    campaigns: campaigns.rows.map((row): CampaignLine => ({
      name: String(row.name),
      purchases: Number(row.purchases),
      refunds: Number(row.refunds),
      spendPence: Number(row.spend),
      cashbackPence: Number(row.cashback),
      successFeePence: Number(row.fee),
    })),
    transactions,
    timeZone,
  };
}
