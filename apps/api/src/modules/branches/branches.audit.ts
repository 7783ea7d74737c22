import type { Transaction } from 'kysely';
import { diffRecords } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction } from '@krowd/domain/audit/audit.schema';
import type { BulkBranchAction } from '@krowd/domain/branch/branch.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { BranchesRepository, BranchRecord } from './branches.repository.ts';

/** What of a branch the audit log compares (decision 0113): its details, status and MIDs. */
const auditedColumns = [
  'name',
  'kmid',
  'postcode',
  'postal_town',
  'address',
  'contact_name',
  'contact_phone',
  'contact_email',
  'tripadvisor_url',
  'status',
  'mastercard_merchant_id',
  'amex_merchant_id',
  'zettle_merchant_id',
  'proposed_mastercard_merchant_id',
  'proposed_amex_merchant_id',
  'proposed_zettle_merchant_id',
  'approved_by',
  'comments',
] as const;

const fieldsOf = (row: BranchRecord) =>
  Object.fromEntries(auditedColumns.map((column) => [column, row[column] ?? null]));

const bulkActions: Record<BulkBranchAction, AuditAction> = {
  APPROVE: 'approved',
  REJECT: 'rejected',
  DELETE: 'deleted',
};

/**
 * The audit events of branches and their merchant IDs, each in the change's transaction: the
 * branch is read again there after the change and compared with what it was, so every column a
 * change writes (a decision's status and reviewer, a proposal's MIDs) is told as it is stored.
 */
export function createBranchAudit(deps: {
  audit: AuditRecorder | undefined;
  branches: Pick<BranchesRepository, 'findById'>;
}) {
  const { audit, branches } = deps;

  async function record(
    trx: Transaction<DB>,
    caller: AuthContext,
    before: BranchRecord | null,
    id: string,
    action: AuditAction,
  ) {
    if (!audit) return;
    const after = await branches.findById(id, trx);
    const brand = after ?? before;
    if (!brand) return;
    await audit.record(trx, caller, {
      entityType: 'branch',
      entityId: id,
      action,
      brandId: brand.brand_id,
      changes: diffRecords(before ? fieldsOf(before) : null, after ? fieldsOf(after) : null),
    });
  }

  return {
    actionOf: (action: BulkBranchAction) => bulkActions[action],

    async created(trx: Transaction<DB>, caller: AuthContext, ids: readonly string[]) {
      for (const id of ids) await record(trx, caller, null, id, 'created');
    },

    /** Branches as they were before the change (read or locked in its transaction). */
    async changed(
      trx: Transaction<DB>,
      caller: AuthContext,
      before: readonly BranchRecord[],
      action: AuditAction,
    ) {
      for (const row of before) await record(trx, caller, row, row.id, action);
    },
  };
}
