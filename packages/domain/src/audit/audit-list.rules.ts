import { TZDate } from '@date-fns/tz';
import { formatInstant } from '../calendar/date-format.rules.ts';
import { formatPence } from '../money/money.rules.ts';
import { messages } from '../messages/messages.ts';
import { csvValue } from '../settlement/settlement.rules.ts';
import { isMoneyField } from './audit-diff.rules.ts';
import type { AuditEvent } from './audit.schema.ts';

const m = messages.audit;

/**
 * The instants a day filter means in the timezone setting: from the start of `from` to the start
 * of the day after `to` (both days included), so a day is the zone's day, not UTC's.
 */
export function instantsOfDays(days: { from?: string; to?: string }, timeZone: string) {
  const startOf = (day: string, shift = 0) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(year, month - 1, date + shift, timeZone).getTime());
  };
  return {
    from: days.from ? startOf(days.from) : undefined,
    until: days.to ? startOf(days.to, 1) : undefined,
  };
}

/** A field's value as a person reads it: money in pounds, lists joined, nothing as '(empty)'. */
export function readableValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return m.emptyValue;
  if (isMoneyField(field) && typeof value === 'number') return formatPence(value);
  if (typeof value === 'boolean') return value ? m.yes : m.no;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) {
    return value.length === 0 ? m.emptyValue : value.join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A field's name as a person reads it: 'budget_pence' → 'Budget', 'success_fee' → 'Success fee'. */
export function readableField(field: string): string {
  const words = field.replace(/_pence$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each change of an event as one readable line, 'Budget: £500.00 → £750.00'. */
export function readableChanges(changes: AuditEvent['changes']): string[] {
  return Object.entries(changes).map(([field, change]) =>
    m.change(readableField(field), readableValue(field, change.before), readableValue(field, change.after)),
  );
}

export const auditCsvColumns = [
  'Event',
  'When',
  'User id',
  'User e-mail',
  'Brand id',
  'Record',
  'Record id',
  'Action',
  'Changes',
  'IP address',
  'User agent',
] as const;

/** The export's header line (a BOM first, so a spreadsheet reads UTF-8). */
export function auditCsvHeader(): string {
  return `\uFEFF${auditCsvColumns.join(',')}\r\n`;
}

/** Who made the change, as the log shows it: the e-mail, the payment provider, or the product. */
export function actorName(actor: AuditEvent['actor']): string {
  return actor.email ?? (actor.provider ? m.providerActor(actor.provider) : m.systemActor);
}

/** One event as a CSV line: its time in the timezone with the zone, its changes as readable lines. */
export function auditCsvLine(event: AuditEvent, timeZone: string): string {
  return `${[
    String(event.id),
    formatInstant(event.occurredAt, timeZone, 'dateTime'),
    event.actor.id,
    event.actor.email ?? (event.actor.provider ? m.providerActor(event.actor.provider) : null),
    event.brandId,
    m.entityTypes[event.entityType],
    event.entityId,
    m.actions[event.action],
    readableChanges(event.changes).join('\n'),
    event.ip,
    event.userAgent,
  ]
    .map(csvValue)
    .join(',')}\r\n`;
}
