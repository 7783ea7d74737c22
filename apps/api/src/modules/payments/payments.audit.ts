import type { Transaction } from 'kysely';
import { diffRecords } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction } from '@krowd/domain/audit/audit.schema';
import type { MandateStatus } from '@krowd/domain/payment/payment.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditActor, AuditRecorder } from '../audit/audit.service.ts';

/**
 * A payment mandate's audit event (decision 0113), in the change's transaction and its brand's log:
 * the fields that changed, before and after. Never a bank detail: the provider holds those. A
 * change the provider's webhook makes names the provider as its actor, not a user.
 */
export function createMandateAudit(audit: AuditRecorder | undefined) {
  return async (
    trx: Transaction<DB>,
    caller: AuthContext | Exclude<AuditActor, AuthContext | null>,
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

/**
 * The mandate status a provider's webhook set, as the provider's event (no user made it): the
 * status before and after; a cancellation (or expiry) is a revocation, anything else an update.
 */
export function createProviderMandateAudit(audited: ReturnType<typeof createMandateAudit>) {
  return (
    trx: Transaction<DB>,
    provider: string,
    mandate: { id: string; brand_id: string; status: MandateStatus },
    next: MandateStatus,
  ) =>
    audited(
      trx,
      { provider },
      mandate,
      next === 'cancelled' ? 'revoked' : 'updated',
      { status: mandate.status },
      { status: next },
    );
}
