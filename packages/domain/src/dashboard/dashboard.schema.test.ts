import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages';
import { dashboardDateRange, dashboardRequestSchema } from './dashboard.schema';

const newYork = 'America/New_York';
// 03:30 UTC on 1 March is still 28 February in New York.
const now = new Date('2025-03-01T03:30:00Z');

describe('dashboardDateRange (spec 3 §4, §5)', () => {
  it('defaults to the last 30 days ending today in the time zone', () => {
    expect(dashboardDateRange(undefined, now, newYork)).toEqual({
      start_date: '2025-01-30',
      end_date: '2025-02-28',
    });
    expect(dashboardDateRange(['2025-02-01'], now, newYork)).toEqual({
      start_date: '2025-01-30',
      end_date: '2025-02-28',
    });
  });

  it('keeps a range up to today and clamps an end after today', () => {
    expect(dashboardDateRange(['2025-02-28', '2025-02-28'], now, newYork)).toEqual({
      start_date: '2025-02-28',
      end_date: '2025-02-28',
    });
    expect(dashboardDateRange(['2025-02-01', '2025-03-01'], now, newYork)).toEqual({
      start_date: '2025-02-01',
      end_date: '2025-02-28',
    });
  });

  it('reads a date-time of the spec as its day in the time zone', () => {
    // 04:00 UTC is midnight in New York (EST is UTC-5 in February, so 04:59 is still the day before).
    expect(
      dashboardDateRange(['2025-02-01T05:00:00.000Z', '2025-02-11T04:59:59.999Z'], now, newYork),
    ).toEqual({ start_date: '2025-02-01', end_date: '2025-02-10' });
    expect(dashboardDateRange(['2025-02-01T00:00:00-05:00', '2025-02-10'], now, newYork)).toEqual({
      start_date: '2025-02-01',
      end_date: '2025-02-10',
    });
  });

  it('refuses a start after today and an end before the start', () => {
    expect(dashboardDateRange(['2025-03-01', '2025-03-02'], now, newYork)).toEqual({
      error: messages.dashboard.startInFuture,
    });
    expect(dashboardDateRange(['2025-02-10', '2025-02-09'], now, newYork)).toEqual({
      error: messages.dashboard.endBeforeStart,
    });
  });
});

describe('dashboardRequestSchema', () => {
  it("reads '' and 'All' as no filter", () => {
    const parsed = dashboardRequestSchema.parse({
      conditions: { brand_id: 'All', kmid: '', data_source: 'all', customer_type_wrt_account: 'All' },
    });
    expect(parsed.conditions).toEqual({
      brand_id: undefined,
      kmid: undefined,
      data_source: undefined,
      customer_type_wrt_account: undefined,
    });
  });

  it('accepts no conditions at all', () => {
    expect(dashboardRequestSchema.parse({}).conditions).toEqual({});
  });

  it('reads the spec’s conditions_body wrapper as the bare body (spec 3 §7)', () => {
    const conditions = { brand_id: 'All', txn_date_time: ['2025-02-01T05:00:00.000Z', '2025-02-10'] };
    expect(dashboardRequestSchema.parse({ conditions_body: { conditions, fields: ['statistics'] } })).toEqual(
      dashboardRequestSchema.parse({ conditions, fields: ['statistics'] }),
    );
    expect(dashboardRequestSchema.parse({ conditions_body: {} }).conditions).toEqual({});
  });

  it('refuses conditions both inside and beside conditions_body, and unknown wrapper fields', () => {
    const twice = dashboardRequestSchema.safeParse({ conditions_body: { conditions: {} }, conditions: {} });
    expect(twice.error?.issues).toMatchObject([
      { path: ['conditions_body', 'conditions'], message: messages.dashboard.conditionsTwice },
    ]);
    expect(dashboardRequestSchema.safeParse({ conditions_body: { filters: {} } }).success).toBe(false);
    expect(dashboardRequestSchema.safeParse({ conditions_body: {}, extra: 1 }).success).toBe(false);
  });

  it('refuses a date-time without an offset, which names no instant', () => {
    const result = dashboardRequestSchema.safeParse({
      conditions: { txn_date_time: ['2025-02-01T00:00:00', '2025-02-10'] },
    });
    expect(result.error?.issues[0]?.message).toBe(messages.dashboard.dateInvalid);
  });

  it('refuses an impossible date', () => {
    const result = dashboardRequestSchema.safeParse({
      conditions: { txn_date_time: ['2025-02-29', '2025-03-01'] },
    });
    expect(result.success).toBe(false);
  });
});

describe('dashboardRequestSchema: the invoice selection (spec 3 §7 is_invoice_data, xero_invoice_number)', () => {
  it('takes an invoice number with the flag, and reads an empty number as none', () => {
    const chosen = dashboardRequestSchema.parse({
      conditions: { is_invoice_data: true, xero_invoice_number: ' INV-000123 ' },
    });
    expect(chosen.conditions).toMatchObject({ is_invoice_data: true, xero_invoice_number: 'INV-000123' });
    const none = dashboardRequestSchema.parse({
      conditions: { is_invoice_data: false, xero_invoice_number: '' },
    });
    expect(none.conditions.xero_invoice_number).toBeUndefined();
  });

  it('refuses a number that is not an invoice number, naming the field', () => {
    const result = dashboardRequestSchema.safeParse({
      conditions: { is_invoice_data: true, xero_invoice_number: 'INV-12' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['conditions', 'xero_invoice_number']);
  });

  it('refuses a flag that is not a boolean', () => {
    expect(dashboardRequestSchema.safeParse({ conditions: { is_invoice_data: 'yes' } }).success).toBe(false);
  });
});
