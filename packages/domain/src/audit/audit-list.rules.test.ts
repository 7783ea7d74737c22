import { describe, expect, it } from 'vitest';
import {
  actorName,
  auditCsvHeader,
  auditCsvLine,
  instantsOfDays,
  readableChanges,
  readableValue,
} from './audit-list.rules.ts';
import type { AuditEvent } from './audit.schema.ts';

const event: AuditEvent = {
  id: 7,
  occurredAt: '2026-12-02T15:04:00.000Z',
  actor: { id: '9b2f3c8e-1d4a-4e6b-8f0a-2c3d4e5f6a7b', email: 'ana@brand.test', provider: null },
  brandId: '1f0e2d3c-4b5a-4968-8776-655443322110',
  entityType: 'campaign',
  entityId: 'c-1',
  action: 'updated',
  changes: {
    budget_pence: { before: 50_000, after: 75_050 },
    name: { before: 'Spring, 1', after: '=Spring' },
  },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
};

describe('the audit log as people read it', () => {
  it('reads a day filter as the days of the timezone setting, both days included', () => {
    expect(instantsOfDays({ from: '2026-12-01', to: '2026-12-02' }, 'America/New_York')).toEqual({
      from: new Date('2026-12-01T05:00:00.000Z'),
      until: new Date('2026-12-03T05:00:00.000Z'),
    });
    expect(instantsOfDays({}, 'Europe/London')).toEqual({ from: undefined, until: undefined });
  });

  it('shows money in pounds, lists joined and nothing as (empty)', () => {
    expect(readableValue('budget_pence', 75_050)).toBe('£750.50');
    expect(readableValue('week_days', ['Mon', 'Tue'])).toBe('Mon, Tue');
    expect(readableValue('valid_until', null)).toBe('(empty)');
    expect(readableValue('recurring', false)).toBe('No');
  });

  it('writes each change as field: before → after', () => {
    expect(readableChanges(event.changes)).toEqual([
      'Budget: £500.00 → £750.50',
      'Name: Spring, 1 → =Spring',
    ]);
  });

  it('exports an event as one CSV line, time with its zone, quoted where needed and formulas defused', () => {
    expect(auditCsvHeader()).toMatch(/^\uFEFFEvent,When,User id,/);
    const line = auditCsvLine(event, 'Europe/London');
    expect(line).toBe(
      '7,02/12/2026 15:04 GMT,9b2f3c8e-1d4a-4e6b-8f0a-2c3d4e5f6a7b,ana@brand.test,' +
        '1f0e2d3c-4b5a-4968-8776-655443322110,Campaign,c-1,Updated,' +
        '"Budget: £500.00 → £750.50\nName: Spring, 1 → =Spring",203.0.113.7,Mozilla/5.0\r\n',
    );
  });
});

describe('who made a change', () => {
  it('is the user by e-mail, the payment provider by name, or else the product', () => {
    expect(actorName(event.actor)).toBe('ana@brand.test');
    expect(actorName({ id: null, email: null, provider: 'gocardless' })).toBe(
      'Payment provider (gocardless)',
    );
    expect(actorName({ id: null, email: null, provider: null })).toBe('System');
  });

  it('names the provider in the CSV where a user would have an e-mail', () => {
    const line = auditCsvLine(
      { ...event, actor: { id: null, email: null, provider: 'test' } },
      'Europe/London',
    );
    expect(line).toContain(',Payment provider (test),');
  });
});
