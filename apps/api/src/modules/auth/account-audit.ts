import type { Transaction } from 'kysely';
import type { AuditChanges } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction } from '@krowd/domain/audit/audit.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

/**
 * One's own sign-in changes in the audit log (docs/decisions/0113), in the change's transaction:
 * a new password (`password`, rotated, no field: never the password or its hash) and two-step
 * sign-in set up, renewed or removed (`multi_factor`: when it was enabled, how many recovery codes
 * were left; never the secret or a code). The record is the user's, in their brand's (or group's) log.
 */
export function createAccountAudit(audit: AuditRecorder | undefined) {
  return async (
    trx: Transaction<DB>,
    caller: AuthContext,
    entityType: 'password' | 'multi_factor',
    action: AuditAction,
    changes: AuditChanges,
  ) =>
    await audit?.record(trx, caller, {
      entityType,
      entityId: caller.account.id,
      action,
      brandId: caller.account.brand_id,
      groupId: caller.account.group_id,
      changes,
    });
}
