import type { Transaction } from 'kysely';
import { diffRecords } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction } from '@krowd/domain/audit/audit.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

/**
 * A payment mandate's audit event (decision 0113), in the change's transaction and its brand's log:
 * the fields that changed, before and after. Never a bank detail: the provider holds those.
 */
export function createMandateAudit(audit: AuditRecorder | undefined) {
  return async (
    trx: Transaction<DB>,
    caller: AuthContext,
    mandate: { id: string; brand_id: string },
    action: AuditAction,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ) =>
    await audit?.record(trx, caller, {
      entityType: 'payment_mandate',
      entityId: mandate.id,
      action,
      brandId: mandate.brand_id,
      changes: diffRecords(before, after),
    });
}
