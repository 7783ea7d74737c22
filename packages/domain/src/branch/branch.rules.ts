import { can, type Audience } from '../access/access.rules.ts';
import type { BranchStatus, BulkBranchAction } from './branch.schema.ts';

/** What can be done to branches: on one row (view, edit) or on one or many (delete, approve, reject). */
export type BranchAction = 'view' | 'edit' | 'delete' | 'approve' | 'reject';

/** The actions the bulk dropdown offers, in its order (spec 2 §2.3). */
export const bulkActionOrder = ['delete', 'approve', 'reject'] as const satisfies readonly BranchAction[];
export type BranchBulkAction = (typeof bulkActionOrder)[number];

/** A bulk action as the multi-action call names it (spec 2 §7). */
export const bulkActionNames: Record<BranchBulkAction, BulkBranchAction> = {
  delete: 'DELETE',
  approve: 'APPROVE',
  reject: 'REJECT',
};

/** What the rules need to know of a branch. */
export interface BranchRuleRow {
  status: BranchStatus;
  /** The spec's createdBy.user: a brand user created it (not the operator side). */
  createdByBrandUser: boolean;
  defaultBranch: boolean;
}

/** What the caller may do to branches at all, from the permission table. */
export interface BranchActor {
  /** Add, edit and delete (brand admins). */
  manage: boolean;
  /** Approve and reject (system admin, bank). */
  review: boolean;
  /** Approve and reject the branches awaiting the brand's decision (brand admins, and reviewers). */
  decide: boolean;
  /** See the row icons at all (spec 2 §6: every brand role but the plain user, and reviewers). */
  view: boolean;
}

export function branchActorOf(audience: Audience): BranchActor {
  const manage = can(audience, 'branches.manage');
  const review = can(audience, 'branches.review');
  return {
    manage,
    review,
    decide: can(audience, 'branches.decide'),
    view: manage || review || audience === 'brandUser' || audience === 'groupUser',
  };
}

/**
 * Whether campaigns may run at a branch with this status: only approved ones (Active, Approved).
 * The campaign form offers no other, and a purchase at any other earns nothing, even on an
 * 'all branches' campaign (issue 16 §2): a branch not yet approved, or rejected, is not the brand's.
 */
export function branchCarriesCampaigns(status: BranchStatus): boolean {
  return status === 'Active' || status === 'Approved';
}

/**
 * The statuses in which a branch holds its merchant IDs: a MID belongs to one such branch of one
 * brand at a time, across every tenant (issue 16 §1). A rejected or deleted branch gives its up.
 */
export const merchantIdHoldingStatuses = ['Pending', 'Approved', 'Active', 'Updated'] as const;

/**
 * Whether the branch waits for its brand's decision: the operator side created it for the brand and
 * it is still Pending (spec 2 §4, §6). While a brand has one it may not create a campaign
 * (spec 1 §8); a brand user's own Pending branch waits for the operator instead and blocks nothing.
 */
export function awaitsBrandDecision(row: Pick<BranchRuleRow, 'status' | 'createdByBrandUser'>): boolean {
  return row.status === 'Pending' && !row.createdByBrandUser;
}

const approvable: readonly BranchStatus[] = ['Deleted', 'Pending', 'Rejected'];
const rejectable: readonly BranchStatus[] = ['Deleted', 'Pending', 'Active', 'Approved'];

function rowActions(row: BranchRuleRow, actor: BranchActor): Set<BranchAction> {
  const actions = new Set<BranchAction>();
  if (!actor.view) return actions;
  actions.add('view');
  const live = row.status !== 'Deleted';
  if (actor.manage && live) actions.add('edit');
  // Default branches can be edited but never deleted (spec 2 §4).
  if (actor.manage && live && !row.defaultBranch) actions.add('delete');
  // Approve and reject are for branches the operator side created (spec 2 §4); a brand user's
  // new branch waits Pending for the operator's confirmation (users/approveMerchantId), without
  // which no campaign could ever run at it.
  if (actor.review && !row.createdByBrandUser) {
    if (approvable.includes(row.status)) actions.add('approve');
    if (rejectable.includes(row.status)) actions.add('reject');
  }
  if (actor.review && row.createdByBrandUser && row.status === 'Pending') {
    actions.add('approve');
    actions.add('reject');
  }
  if (actor.decide && awaitsBrandDecision(row)) {
    actions.add('approve');
    actions.add('reject');
  }
  return actions;
}

/**
 * The actions allowed on the given branches together (spec 2 §4), for the row buttons (one row)
 * and the bulk dropdown (the ticked rows). The screen shows exactly these; the API refuses
 * anything else.
 *
 * - One row: view always; edit and delete for managers (never a deleted branch, never deleting a
 *   default one); approve when Deleted, Pending or Rejected and reject when Deleted, Pending,
 *   Active or Approved, for reviewers, and only on branches not created by a brand user; a brand
 *   admin approves or rejects only the branches awaiting the brand's decision.
 * - Several rows: the actions every row allows, view and edit excepted. Rows the operator side
 *   created must all share one status, else there is none. That gives the spec's table: operator
 *   rows Deleted → Approve, Reject; Rejected → Delete, Approve; Approved or Active → Delete,
 *   Reject; brand-user rows all Deleted → nothing, otherwise Delete.
 */
export function branchActions(rows: readonly BranchRuleRow[], actor: BranchActor): BranchAction[] {
  if (rows.length === 0) return [];
  const operatorStatuses = new Set(rows.filter((row) => !row.createdByBrandUser).map((row) => row.status));
  if (operatorStatuses.size > 1) return [];
  const [first, ...others] = rows.map((row) => rowActions(row, actor));
  const allowed = [...first!].filter((action) => others.every((actions) => actions.has(action)));
  return rows.length === 1 ? allowed : allowed.filter((action) => action !== 'view' && action !== 'edit');
}

/** Of the allowed actions, those the bulk dropdown offers, in its order. */
export function bulkActionsOf(actions: readonly BranchAction[]): BranchBulkAction[] {
  return bulkActionOrder.filter((action) => actions.includes(action));
}
