import { can, isFinanceRole, type Audience } from '../access/access.rules.ts';
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
  /**
   * Delete ticked rows from the bulk dropdown (spec 2 §4, §6 'Edit permission'): managers, and the
   * system admin on the merchants screen.
   */
  remove: boolean;
}

export function branchActorOf(audience: Audience): BranchActor {
  const manage = can(audience, 'branches.manage');
  const review = can(audience, 'branches.review');
  return {
    manage,
    review,
    decide: can(audience, 'branches.decide'),
    view: manage || review || isFinanceRole(audience),
    remove: can(audience, 'branches.remove'),
  };
}

/**
 * Whether campaigns may run at a branch with this status: only approved ones (Active, Approved),
 * and an approved one whose new merchant IDs await review (Updated), which earns on its reviewed
 * IDs meanwhile. The campaign form offers no other, and a purchase at any other earns nothing, even
 * on an 'all branches' campaign: a branch not yet approved, or rejected, is not the brand's.
 */
export function branchCarriesCampaigns(status: BranchStatus): boolean {
  return status === 'Active' || status === 'Approved' || status === 'Updated';
}

/**
 * Whether a change of the branch's merchant IDs waits for the operator side (spec 2 §4: approve
 * and reject are for the operator side, not the brand): a branch that already earns keeps its
 * reviewed IDs and is Updated, the new ones proposed; any other (Pending, Rejected) is not yet
 * reviewed and takes them as they are.
 */
export function merchantIdChangeNeedsReview(status: BranchStatus): boolean {
  return branchCarriesCampaigns(status);
}

/**
 * The statuses in which a branch holds its merchant IDs: a MID belongs to one such branch of one
 * brand at a time, across every tenant. A rejected or deleted branch gives its up.
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
  // An Updated branch's proposed merchant IDs are the brand's change, which the operator side
  // approves (the IDs take effect) or rejects (the reviewed ones stay), whoever created the branch.
  if (actor.review && row.status === 'Updated') {
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
 * The row buttons of one branch (spec 2 §4 'Per-row buttons'): view always; edit and delete for
 * managers (never a deleted branch, never deleting a default one); approve when Deleted, Pending or
 * Rejected and reject when Deleted, Pending, Active or Approved, for reviewers, and only on
 * branches not created by a brand user; a brand admin approves or rejects only the branches
 * awaiting the brand's decision.
 */
export function branchActions(row: BranchRuleRow, actor: BranchActor): BranchAction[] {
  return [...rowActions(row, actor)];
}

/**
 * Spec 2 §4 'Bulk actions after ticking rows', the line of one row: what the dropdown may offer for
 * rows of its status and creator, before who is asking. Rows not created by a brand user: Deleted →
 * Approve, Reject; Rejected → Delete, Approve; Approved or Active → Delete, Reject; and where the
 * spec is silent (decisions 0007, 0070), Pending → all three, Updated → all three (Approve and
 * Reject decide its proposed merchant IDs). Rows created by a brand user: Deleted → nothing,
 * otherwise Delete; and while Pending or Updated, Approve and Reject too, for the operator side that
 * confirms a brand's new branch or its new merchant IDs.
 */
export function bulkTableActions(
  row: Pick<BranchRuleRow, 'status' | 'createdByBrandUser'>,
): BranchBulkAction[] {
  if (row.createdByBrandUser) {
    if (row.status === 'Deleted') return [];
    return row.status === 'Pending' || row.status === 'Updated'
      ? ['delete', 'approve', 'reject']
      : ['delete'];
  }
  switch (row.status) {
    case 'Deleted':
      return ['approve', 'reject'];
    case 'Rejected':
      return ['delete', 'approve'];
    case 'Approved':
    case 'Active':
      return ['delete', 'reject'];
    case 'Pending':
      return ['delete', 'approve', 'reject'];
    case 'Updated':
      return ['delete', 'approve', 'reject'];
  }
}

/** Of one row's line of the table, what this actor may do: the table, then the permission table. */
function bulkRowActions(row: BranchRuleRow, actor: BranchActor): BranchBulkAction[] {
  const buttons = rowActions(row, actor);
  return bulkTableActions(row).filter((action) =>
    // Default branches are never deleted (spec 2 §4); approving and rejecting follow the row's
    // buttons, so a brand never approves what the operator side rejected.
    action === 'delete' ? actor.remove && !row.defaultBranch : buttons.has(action),
  );
}

/**
 * The bulk dropdown for the ticked rows (spec 2 §4), in its order: the actions every row's line of
 * the table allows this actor. Rows the operator side created must all share one status, else
 * there is none ("Mixed statuses give no actions"). The screen offers exactly these; the API
 * refuses anything else.
 */
export function bulkBranchActions(rows: readonly BranchRuleRow[], actor: BranchActor): BranchBulkAction[] {
  if (rows.length === 0) return [];
  const operatorStatuses = new Set(rows.filter((row) => !row.createdByBrandUser).map((row) => row.status));
  if (operatorStatuses.size > 1) return [];
  const [first, ...others] = rows.map((row) => bulkRowActions(row, actor));
  return bulkActionOrder.filter(
    (action) => first!.includes(action) && others.every((actions) => actions.includes(action)),
  );
}
