import type { Transaction } from 'kysely';
import { diffRecords, type AuditChanges } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction } from '@krowd/domain/audit/audit.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

/** What of an endpoint the audit log compares (decision 0113): never its secrets. */
const auditedFields = [
  'url',
  'description',
  'events',
  'mode',
  'enabled',
  'brand_id',
  'publisher_id',
] as const;
type Audited = Partial<Record<(typeof auditedFields)[number], unknown>>;

const fieldsOf = (source: Audited) =>
  Object.fromEntries(auditedFields.filter((field) => field in source).map((field) => [field, source[field]]));

/**
 * The audit events of webhook endpoints, each in its change's transaction. The brand's log shows a
 * brand's endpoint; a publisher's is the system admin's. A change made with a publisher's API key
 * has no user: its actor is empty.
 */
export function createEndpointAudit(audit: AuditRecorder | undefined) {
  const record = async (
    trx: Transaction<DB>,
    auth: AuthContext | null,
    endpoint: { id: string; brand_id: string | null },
    action: AuditAction,
    changes: AuditChanges,
  ) =>
    await audit?.record(trx, auth, {
      entityType: 'webhook_endpoint',
      entityId: endpoint.id,
      action,
      brandId: endpoint.brand_id,
      changes,
    });

  return {
    created: (
      trx: Transaction<DB>,
      auth: AuthContext | null,
      id: string,
      values: Audited & { brand_id: string | null },
    ) => record(trx, auth, { id, brand_id: values.brand_id }, 'created', diffRecords(null, fieldsOf(values))),

    updated(
      trx: Transaction<DB>,
      auth: AuthContext,
      row: Audited & { id: string; brand_id: string | null },
      change: Audited,
    ) {
      const before = fieldsOf(row);
      return record(trx, auth, row, 'updated', diffRecords(before, { ...before, ...fieldsOf(change) }));
    },

    deleted: (
      trx: Transaction<DB>,
      auth: AuthContext | null,
      row: Audited & { id: string; brand_id: string | null },
    ) => record(trx, auth, row, 'deleted', diffRecords(fieldsOf(row), null)),

    /** A new signing secret: when the old one stops signing (the secrets themselves are never logged). */
    rotated: (
      trx: Transaction<DB>,
      auth: AuthContext,
      row: { id: string; brand_id: string | null },
      at: Date,
      oldUntil: Date | null,
    ) =>
      record(
        trx,
        auth,
        row,
        'rotated',
        diffRecords(
          { secret_rotated_at: null, previous_secret_expires_at: null },
          { secret_rotated_at: at, previous_secret_expires_at: oldUntil },
        ),
      ),
  };
}
