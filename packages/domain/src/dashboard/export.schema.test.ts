import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages';
import { dashboardExportRequestSchema } from './export.schema';

const brandId = '7f1c2a9e-3b4d-4c5e-8f60-718293a4b5c6';

describe('dashboardExportRequestSchema (spec 3 §7 POST /export)', () => {
  it("accepts the spec's body: brand id and name, group, publisher, campaign, offer type and the e-mail", () => {
    const parsed = dashboardExportRequestSchema.parse({
      conditions: {
        brand_id: brandId,
        group_id: '',
        brand_name: ' Demo Brand ',
        data_source: 'ATR',
        campaign_id: 'All',
        selectedOfferType: 'dp',
      },
      email: ' Someone@Example.TEST ',
    });

    expect(parsed).toEqual({
      conditions: {
        brand_id: brandId,
        brand_name: 'Demo Brand',
        data_source: 'ATR',
        selectedOfferType: 'dp',
      },
      email: 'someone@example.test',
    });
  });

  it('accepts the dashboard conditions with a date range, and no conditions at all', () => {
    expect(
      dashboardExportRequestSchema.parse({ conditions: { txn_date_time: ['2025-06-01', '2025-06-30'] } }),
    ).toEqual({ conditions: { txn_date_time: ['2025-06-01', '2025-06-30'] } });
    expect(dashboardExportRequestSchema.parse({})).toEqual({ conditions: {} });
  });

  it('refuses an unknown condition, a bad id, a bad date and a bad e-mail, naming the field', () => {
    const issues = (body: unknown) =>
      dashboardExportRequestSchema.safeParse(body).error?.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));

    expect(issues({ conditions: { brand: brandId } })).toEqual([
      expect.objectContaining({ path: 'conditions' }),
    ]);
    expect(issues({ conditions: { brand_id: 'not-an-id' } })?.[0]?.path).toBe('conditions.brand_id');
    expect(issues({ conditions: { txn_date_time: ['2025-13-01', '2025-06-30'] } })).toEqual([
      { path: 'conditions.txn_date_time.0', message: messages.dashboard.dateInvalid },
    ]);
    expect(issues({ email: 'nobody' })).toEqual([
      { path: 'email', message: messages.validation.emailInvalid },
    ]);
    expect(issues({ conditions: {}, extra: true })?.[0]?.path).toBe('');
  });
});
