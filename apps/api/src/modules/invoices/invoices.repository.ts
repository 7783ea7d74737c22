import { sql, type Kysely, type Transaction } from 'kysely';
import type { DetailedTransaction } from '@krowd/domain/invoice/invoice-response.schema';
import {
  owedPaymentStatuses,
  type InvoiceSortField,
  type PaymentStatus,
  type ShownPaymentStatus,
} from '@krowd/domain/invoice/invoice.schema';
import type { SortDirection } from '@krowd/domain/list/list.schema';
import type { DB } from '../../db/database.generated.ts';
import type { ListedBrands } from '../../http/listed-brands.ts';
import type { TransactionDetailsCursor } from './transaction-details-cursor.ts';

export interface InvoiceListQuery {
  brandIds: ListedBrands;
  /** Part of the invoice number. */
  search?: string;
  /** The status shown: Overdue, or a stored one (an owed status only until its due date). */
  status?: ShownPaymentStatus;
  /** 'YYYY-MM-DD' in the timezone setting: what Overdue is judged against. */
  today: string;
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

/** An invoice with its brand, over `invoices as i` joined to `brands as br`. */
export const invoiceColumns = [
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

  /**
   * The list's rows: invoices and credit notes in the same columns (a credit note under its own
   * number, with its invoice's month, its issue date, negative amount, no due date or status).
   */
  const ledger = () =>
    db
      .selectFrom(
        db
          .selectFrom('invoices')
          .select([
            'id',
            'brand_id',
            'year',
            'month',
            'invoice_number',
            'amount_pence',
            'issued_on',
            sql<string | null>`due_date`.as('due_date'),
            sql<PaymentStatus | null>`payment_status`.as('payment_status'),
            'document_id',
            sql<'invoice' | 'creditNote'>`'invoice'`.as('kind'),
            sql<string | null>`NULL`.as('corrects_invoice_number'),
          ])
          .unionAll(
            db
              .selectFrom('credit_notes as n')
              .innerJoin('invoices as ci', 'ci.id', 'n.invoice_id')
              .select([
                'n.id',
                'n.brand_id',
                'ci.year',
                'ci.month',
                'n.credit_note_number as invoice_number',
                'n.amount_pence',
                'n.issued_on',
                sql<string | null>`NULL::date`.as('due_date'),
                sql<PaymentStatus | null>`NULL::text`.as('payment_status'),
                'n.credit_note_number as document_id',
                sql<'invoice' | 'creditNote'>`'creditNote'`.as('kind'),
                'ci.invoice_number as corrects_invoice_number',
              ]),
          )
          .as('i'),
      )
      .innerJoin('brands as br', 'br.id', 'i.brand_id')
      .select([
        'i.id',
        'i.brand_id',
        'br.name as brand_name',
        'i.year',
        'i.month',
        'i.invoice_number',
        'i.amount_pence',
        'i.issued_on',
        'i.due_date',
        'i.payment_status',
        'i.document_id',
        'i.kind',
        'i.corrects_invoice_number',
      ]);

  /** An issued document as stored (issued_documents), or undefined. */
  async function storedDocument(fileName: string) {
    const row = await db
      .selectFrom('issued_documents')
      .select('pdf')
      .where('file_name', '=', fileName)
      .executeTakeFirst();
    return row?.pdf;
  }

  function filtered(query: InvoiceListQuery) {
    let select = ledger();
    if (query.brandIds !== 'all') select = select.where('i.brand_id', 'in', query.brandIds);
    if (query.status === 'Overdue') {
      select = select
        .where('i.payment_status', 'in', owedPaymentStatuses)
        .where(sql<boolean>`i.due_date < ${query.today}::date`);
    } else if (query.status) {
      select = select.where('i.payment_status', '=', query.status);
      if ((owedPaymentStatuses as readonly PaymentStatus[]).includes(query.status)) {
        select = select.where(sql<boolean>`i.due_date >= ${query.today}::date`);
      }
    }
    if (query.search) select = select.where('i.invoice_number', 'ilike', containing(query.search));
    return select;
  }

  return {
    storedDocument,

    /** One page of invoices with the total in the same query; newest month first unless asked. */
    async listPage(query: InvoiceListQuery) {
      if (query.brandIds !== 'all' && query.brandIds.length === 0) return { rows: [], total: 0 };
      const sort = query.sort ?? { sortfield: 'invoiceMonth', direction: 'desc' };
      let select = filtered(query).select(sql<number>`count(*) OVER ()`.as('total'));
      if (sort.sortfield === 'paymentStatus') {
        // By the status shown: an owed invoice past its due date sorts as Overdue.
        select = select.orderBy(
          sql`CASE WHEN i.payment_status IN (${sql.join([...owedPaymentStatuses])})
            AND i.due_date < ${query.today}::date THEN 'Overdue' ELSE i.payment_status END`,
          sort.direction,
        );
      } else {
        for (const column of sortColumns[sort.sortfield]) select = select.orderBy(column, sort.direction);
      }
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

    findByNumber(invoiceNumber: string) {
      return invoices().where('i.invoice_number', '=', invoiceNumber).executeTakeFirst();
    },

    findByNumbers(invoiceNumbers: string[]) {
      return invoices().where('i.invoice_number', 'in', invoiceNumbers).execute();
    },

    /** A credit note by its number, with the invoice it corrects and the brand's group. */
    findCreditNote(creditNoteNumber: string) {
      return db
        .selectFrom('credit_notes as n')
        .innerJoin('invoices as i', 'i.id', 'n.invoice_id')
        .innerJoin('brands as br', 'br.id', 'n.brand_id')
        .select([
          'n.id',
          'n.credit_note_number',
          'n.brand_id',
          'br.group_id',
          'i.invoice_number',
          'i.year',
          'i.month',
        ])
        .where('n.credit_note_number', '=', creditNoteNumber)
        .executeTakeFirst();
    },

    /**
     * The stored document, or (an invoice issued before documents were stored) `render`'s, stored
     * now so it never changes again; when two requests race, both answer the one stored first.
     */
    async frozenDocument(fileName: string, render: () => Buffer | Promise<Buffer>) {
      const stored = await storedDocument(fileName);
      if (stored) return stored;
      await db
        .insertInto('issued_documents')
        .values({ file_name: fileName, pdf: await render() })
        .onConflict((oc) => oc.column('file_name').doNothing())
        .execute();
      return (await storedDocument(fileName))!;
    },

    /** A brand's invoice of a campaign month (one at most: UNIQUE brand, year, month). */
    findForBrandMonth(brandId: string, year: number, month: number) {
      return invoices()
        .where('i.brand_id', '=', brandId)
        .where('i.year', '=', year)
        .where('i.month', '=', month)
        .executeTakeFirst();
    },

    /** The dashboard's invoice selector: the brands' invoices, newest month first, at most `limit`. */
    selectorList(brandIds: ListedBrands, limit: number) {
      if (brandIds !== 'all' && brandIds.length === 0) return Promise.resolve([]);
      let select = db
        .selectFrom('invoices as i')
        .select(['i.invoice_number', 'i.month', 'i.year', 'i.brand_id'])
        .orderBy('i.year', 'desc')
        .orderBy('i.month', 'desc')
        .orderBy('i.invoice_number', 'desc')
        .limit(limit);
      if (brandIds !== 'all') select = select.where('i.brand_id', 'in', brandIds);
      return select.execute();
    },

    /** The transactions an invoice covers (its detailed list), in time order. */
    invoiceTransactions(invoiceId: string): Promise<DetailedTransaction[]> {
      return linkedTransactions(db, { invoiceId });
    },

    /**
     * A page of a campaign's qualified purchases and refunds dated in a month (the 'Transaction
     * Details' modal; `monthStart` and `nextMonthStart` are local dates), in local time order, id
     * breaking ties, after the cursor; `last` is the page's last row's sort key when more follow.
     * transactions_campaign_month_idx (migration 0028) holds exactly these rows in this order, so a
     * page reads its own index entries and no more. The month's count is the reporting store's
     * (conversions plus refunds), which ingestion writes with the rows.
     */
    async campaignTransactionsPage(query: {
      campaignId: string;
      monthStart: string;
      nextMonthStart: string;
      after: TransactionDetailsCursor | undefined;
      limit: number;
    }): Promise<{ rows: DetailedTransaction[]; total: number; last: TransactionDetailsCursor | null }> {
      const { campaignId, monthStart, nextMonthStart, after, limit } = query;
      let page = db
        .selectFrom('transactions as t')
        .select([
          ...detailedSelection,
          sql<string>`to_char(t.local_datetime, 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as('local_date_time'),
          't.id',
        ])
        .where('t.campaign_id', '=', campaignId)
        .where('t.outcome', '<>', 'notQualified')
        .where(sql<boolean>`t.local_datetime >= ${monthStart}::timestamp`)
        .where(sql<boolean>`t.local_datetime < ${nextMonthStart}::timestamp`);
      if (after) {
        page = page.where(
          sql<boolean>`(t.local_datetime, t.id) > (${after.localDateTime}::timestamp, ${after.id}::uuid)`,
        );
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy('t.local_datetime')
          .orderBy('t.id')
          .limit(limit + 1)
          .execute(),
        db
          .selectFrom('reporting_daily')
          .select(sql<number>`coalesce(sum(conversions + refunds), 0)::int`.as('total'))
          .where('campaign_id', '=', campaignId)
          .where('day', '>=', monthStart)
          .where('day', '<', nextMonthStart)
          .executeTakeFirstOrThrow(),
      ]);
      const shown = rows.slice(0, limit);
      const lastShown = shown.at(-1);
      return {
        rows: shown.map(toDetailed),
        total: count.total,
        last:
          rows.length > limit && lastShown
            ? { localDateTime: lastShown.local_date_time, id: lastShown.id }
            : null,
      };
    },

    /** A campaign with its brand's group, for the scope check. */
    findCampaign(campaignId: string) {
      return db
        .selectFrom('campaigns as c')
        .innerJoin('brands as br', 'br.id', 'c.brand_id')
        .select(['c.id', 'c.brand_id', 'br.group_id', 'c.start_date'])
        .where('c.id', '=', campaignId)
        .where('c.deleted_at', 'is', null)
        .executeTakeFirst();
    },
  };
}

/** The detailed-list columns over `transactions as t`. */
const detailedSelection = [
  sql<string>`to_char(t.local_datetime, 'YYYY-MM-DD HH24:MI')`.as('date'),
  't.postcode',
  't.card_last4',
  't.amount_pence',
  't.cashback_pence',
] as const;

function toDetailed(row: {
  date: string;
  postcode: string | null;
  card_last4: string;
  amount_pence: number;
  cashback_pence: number;
}): DetailedTransaction {
  return {
    date: row.date,
    postcode: row.postcode ?? '',
    cardLastNumber: row.card_last4,
    amount: row.amount_pence,
    cashback: row.cashback_pence,
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;

/** The detailed list of an invoice's or a credit note's transactions, in time order. */
export async function linkedTransactions(
  executor: Kysely<DB> | Transaction<DB>,
  link: { invoiceId: string } | { creditNoteId: string },
): Promise<DetailedTransaction[]> {
  const rows =
    'invoiceId' in link
      ? await executor
          .selectFrom('invoice_transactions as it')
          .innerJoin('transactions as t', 't.id', 'it.transaction_id')
          .select(detailedSelection)
          .where('it.invoice_id', '=', link.invoiceId)
          .orderBy('t.occurred_at')
          .orderBy('t.id')
          .execute()
      : await executor
          .selectFrom('credit_note_transactions as ct')
          .innerJoin('transactions as t', 't.id', 'ct.transaction_id')
          .select(detailedSelection)
          .where('ct.credit_note_id', '=', link.creditNoteId)
          .orderBy('t.occurred_at')
          .orderBy('t.id')
          .execute();
  return rows.map(toDetailed);
}

export type InvoiceListRecord = Awaited<ReturnType<InvoicesRepository['listPage']>>['rows'][number];
export type InvoiceRecord = NonNullable<Awaited<ReturnType<InvoicesRepository['findByDocumentId']>>>;
