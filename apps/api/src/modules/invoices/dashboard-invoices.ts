import type { Kysely } from 'kysely';
import { can, type Audience, type TenantScope } from '@krowd/domain/access/access.rules';
import { lastDateOfMonth } from '@krowd/domain/calendar/calendar.rules';
import type { DashboardInvoice } from '@krowd/domain/dashboard/dashboard.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { DashboardInvoices, InvoiceSelection } from '../reporting/dashboard-parts.ts';
import { createInvoicesRepository } from './invoices.repository.ts';

/** The invoice selector lists at most this many invoices, newest first (as the campaign selector). */
export const dashboardInvoiceLimit = 500;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The dashboard's invoice parts (spec 3 §2.4, §3 invoiceList, §7 is_invoice_data and
 * xero_invoice_number): the invoice a condition selects, which restricts the answer to its brand
 * and month, and the invoice selector's list.
 */
export function createDashboardInvoices(db: Kysely<DB>): DashboardInvoices {
  const invoices = createInvoicesRepository(db);
  return {
    /**
     * The invoice the conditions select (is_invoice_data with xero_invoice_number), or none.
     * An unknown number, or one outside the caller's scope, is 404 naming it.
     */
    async selection(
      scope: TenantScope,
      conditions: { is_invoice_data?: boolean; xero_invoice_number?: string },
    ): Promise<InvoiceSelection | undefined> {
      if (!conditions.is_invoice_data) return undefined;
      const number = conditions.xero_invoice_number;
      if (!number) {
        throw badRequest(messages.invoice.invoiceDataNeedsNumber, {
          xero_invoice_number: messages.invoice.invoiceDataNeedsNumber,
        });
      }
      const invoice = await invoices.findByNumber(number);
      if (!invoice || !scopeCoversBrand(scope, { id: invoice.brand_id, group_id: invoice.group_id })) {
        throw notFound(messages.invoice.notFound(number));
      }
      const first = `${invoice.year}-${pad(invoice.month)}-01`;
      return { invoiceId: invoice.id, brandId: invoice.brand_id, dates: [first, lastDateOfMonth(first)] };
    },

    /** The filter's brands, narrowed to the selected invoice's brand (none when it is not among them). */
    restrictBrands(brandIds: string[] | 'all', selection: InvoiceSelection | undefined): string[] | 'all' {
      if (!selection) return brandIds;
      return brandIds === 'all' || brandIds.includes(selection.brandId) ? [selection.brandId] : [];
    },

    /**
     * The invoice selector: invoices of the filter's brands, newest month first. Audiences without
     * the invoices capability (banks) get none.
     */
    async list(audience: Audience, brandIds: string[] | 'all'): Promise<DashboardInvoice[]> {
      if (!can(audience, 'invoices.read')) return [];
      const rows = await invoices.selectorList(brandIds, dashboardInvoiceLimit);
      return rows.map((row) => ({
        xero_invoiceNumber: row.invoice_number,
        month: row.month,
        year: row.year,
        brandId: row.brand_id,
      }));
    },
  };
}
