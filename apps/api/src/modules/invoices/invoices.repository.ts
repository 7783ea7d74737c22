import { sql, type Kysely } from 'kysely';
import type { InvoiceSortField, PaymentStatus } from '@krowd/domain/invoice/invoice.schema';
import type { SortDirection } from '@krowd/domain/list/list.schema';
import type { DB } from '../../db/schema.ts';
import type { ListedBrands } from '../brands/listed-brands.ts';

export interface InvoiceListQuery {
  brandIds: ListedBrands;
  /** Part of the invoice number. */
  search?: string;
  status?: PaymentStatus;
  sort?: { sortfield: InvoiceSortField; direction: SortDirection };
  page: number;
  limit: number;
}

/** The columns each sort field orders by; the id breaks ties so pages never overlap. */
const sortColumns = {
  invoiceMonth: ['i.year', 'i.month'],
  invoiceAmount: ['i.amount_pence'],
  invoiceNumber: ['i.invoice_number'],
  dueDate: ['i.due_date'],
  paymentStatus: ['i.payment_status'],
  brandName: ['br.name'],
} as const satisfies Record<InvoiceSortField, readonly string[]>;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const invoiceColumns = [
  'i.id',
  'i.brand_id',
  'br.name as brand_name',
  'br.group_id',
  'i.year',
  'i.month',
  'i.invoice_number',
  'i.cashback_pence',
  'i.success_fee_pence',
  'i.admin_charge_pence',
  'i.amount_pence',
  'i.collection_method',
  'i.issued_on',
  'i.due_date',
  'i.payment_status',
  'i.document_id',
] as const;

export function createInvoicesRepository(db: Kysely<DB>) {
  const invoices = () =>
    db.selectFrom('invoices as i').innerJoin('brands as br', 'br.id', 'i.brand_id').select(invoiceColumns);

  function filtered(query: InvoiceListQuery) {
    let select = invoices();
    if (query.brandIds !== 'all') select = select.where('i.brand_id', 'in', query.brandIds);
    if (query.status) select = select.where('i.payment_status', '=', query.status);
    if (query.search) select = select.where('i.invoice_number', 'ilike', containing(query.search));
    return select;
  }

  return {
    /** One page of invoices with the total in the same query; newest month first unless asked. */
    async listPage(query: InvoiceListQuery) {
      if (query.brandIds !== 'all' && query.brandIds.length === 0) return { rows: [], total: 0 };
      const sort = query.sort ?? { sortfield: 'invoiceMonth', direction: 'desc' };
      let select = filtered(query).select(sql<number>`count(*) OVER ()`.as('total'));
      for (const column of sortColumns[sort.sortfield]) select = select.orderBy(column, sort.direction);
      const rows = await select
        .orderBy('i.id', sort.direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      if (rows[0] || query.page === 1) return { rows, total: rows[0]?.total ?? 0 };
      // A page past the end has no row to carry the total.
      const counted = await filtered(query)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(counted.total) };
    },

    /** The invoice whose document has this reference. */
    findByDocumentId(documentId: string) {
      return invoices().where('i.document_id', '=', documentId).executeTakeFirst();
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
export type InvoiceRecord = NonNullable<Awaited<ReturnType<InvoicesRepository['findByDocumentId']>>>;
