import { canonicalJson } from './audit-chain.rules.ts';

/** One field's change: what it was and what it became (null when it did not exist). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}
export type AuditChanges = Record<string, FieldChange>;

/**
 * Money is audited as whole pence (brief §4): its fields are named `*_pence` as the columns are,
 * and a screen formats them as pounds.
 */
export function isMoneyField(field: string): boolean {
  return field.endsWith('_pence');
}

/**
 * The fields that differ between two versions of a record, each with its value before and after.
 * A field only one side has counts as null on the other; values are compared by their canonical
 * JSON (so dates, arrays and objects compare by content, not identity). A money field must hold
 * whole pence: anything else is a programming error, refused rather than written to the log.
 */
export function diffRecords(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChanges {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const field of [...fields].sort()) {
    const was = normalised(before?.[field]);
    const is = normalised(after?.[field]);
    if (isMoneyField(field)) [was, is].forEach((value) => assertPence(field, value));
    if (canonicalJson(was) !== canonicalJson(is)) changes[field] = { before: was, after: is };
  }
  return changes;
}

function normalised(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

function assertPence(field: string, value: unknown) {
  if (value !== null && !Number.isSafeInteger(value)) {
    throw new TypeError(`${field} must be whole pence, not ${String(value)}`);
  }
}

/** The changes of a record that came into being: each field from null. */
export function createdChanges(record: Record<string, unknown>): AuditChanges {
  return diffRecords(null, record);
}

/** The changes of a record that went: each field to null. */
export function removedChanges(record: Record<string, unknown>): AuditChanges {
  return diffRecords(record, null);
}
