import type { Transaction, Updateable } from 'kysely';
import { merchantIdChangeNeedsReview } from '@krowd/domain/branch/branch.rules';
import type { BranchStatus, MerchantIds } from '@krowd/domain/branch/branch.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { conflict } from '../../http/errors.ts';
import type { BranchesRepository, BranchRecord } from './branches.repository.ts';

const m = messages.branch;

/*
 * A branch's merchant IDs (Mastercard, Amex, Zettle): the MIDs that decide whose transactions earn
 * at it, so one MID belongs to one branch of one brand.
 */

/** A branch's merchant IDs as stored: the three columns, those set. */
export const storedMerchantIdsOf = (row: {
  mastercard_merchant_id?: string | null;
  amex_merchant_id?: string | null;
  zettle_merchant_id?: string | null;
}) => [row.mastercard_merchant_id ?? null, row.amex_merchant_id ?? null, row.zettle_merchant_id ?? null];

/** The merchant IDs the brand has last given the branch: those it proposes while Updated, else its own. */
export const givenMerchantIdsOf = (row: BranchRecord) =>
  row.merchant_ids_proposed_at
    ? [row.proposed_mastercard_merchant_id, row.proposed_amex_merchant_id, row.proposed_zettle_merchant_id]
    : storedMerchantIdsOf(row);

/** The merchant IDs a branch has after a change: the changed columns, the others as last given. */
export function merchantIdsAfter(row: BranchRecord | undefined, ids: Partial<MerchantIds> | undefined) {
  const before = row ? givenMerchantIdsOf(row) : [null, null, null];
  if (!ids) return before;
  return [
    ids.merchantId === undefined ? before[0] : ids.merchantId,
    ids.amexMerchantID === undefined ? before[1] : ids.amexMerchantID,
    ids.zettleMerchantID === undefined ? before[2] : ids.zettleMerchantID,
  ];
}

/** The columns that clear a branch's proposed merchant IDs. */
export const noProposal = {
  proposed_mastercard_merchant_id: null,
  proposed_amex_merchant_id: null,
  proposed_zettle_merchant_id: null,
  status_before_update: null,
  merchant_ids_proposed_at: null,
} satisfies Updateable<DB['branches']>;

/**
 * What an edit writes of a branch's merchant IDs (spec 2 §4; decision 0070). A branch not yet reviewed (Pending,
 * Rejected) takes them as they are. One that earns keeps its reviewed IDs, which qualification
 * reads, and proposes the new ones: it is Updated until the operator side approves or rejects them;
 * going back to the reviewed IDs withdraws the proposal.
 */
export function merchantIdEditColumns(
  row: BranchRecord,
  after: (string | null | undefined)[],
  now: Date,
): Updateable<DB['branches']> {
  const [mastercard, amex, zettle] = after.map((mid) => mid ?? null);
  if (!merchantIdChangeNeedsReview(row.status)) {
    return { mastercard_merchant_id: mastercard, amex_merchant_id: amex, zettle_merchant_id: zettle };
  }
  const reviewed = storedMerchantIdsOf(row);
  const statusBefore = row.status === 'Updated' ? (row.status_before_update ?? 'Active') : row.status;
  if ([mastercard, amex, zettle].every((mid, index) => mid === reviewed[index])) {
    return row.status === 'Updated' ? { ...noProposal, status: statusBefore as BranchStatus } : {};
  }
  const unchanged = [mastercard, amex, zettle].every((mid, index) => mid === givenMerchantIdsOf(row)[index]);
  if (unchanged && row.merchant_ids_proposed_at) return {};
  return {
    proposed_mastercard_merchant_id: mastercard,
    proposed_amex_merchant_id: amex,
    proposed_zettle_merchant_id: zettle,
    status: 'Updated',
    status_before_update: statusBefore,
    merchant_ids_proposed_at: now,
  };
}

/** The merchant-ID columns of the given ids; absent keys stay as they are. */
export function merchantIdColumns(ids: Partial<MerchantIds> | undefined): Updateable<DB['branches']> {
  if (!ids) return {};
  return {
    mastercard_merchant_id: ids.merchantId,
    amex_merchant_id: ids.amexMerchantID,
    zettle_merchant_id: ids.zettleMerchantID,
  };
}

/**
 * The merchant IDs the branches of one request will hold: none may appear in two of
 * them, nor be held by any other branch of any brand. Each claim names its branch when it exists
 * already, so the branch's own IDs are not counted against it. Throws 409 naming the MID.
 */
export async function claimMerchantIds(
  branches: BranchesRepository,
  trx: Transaction<DB>,
  claims: { branchId?: string; mids: (string | null | undefined)[] }[],
) {
  const claimedBy = new Map<string, number>();
  claims.forEach((claim, index) => {
    for (const mid of new Set(claim.mids.filter((mid): mid is string => Boolean(mid)))) {
      if (claimedBy.has(mid)) throw conflict(m.duplicateMerchantId(mid));
      claimedBy.set(mid, index);
    }
  });
  const existing = claims.flatMap((claim) => (claim.branchId ? [claim.branchId] : []));
  const [held] = await branches.heldMerchantIds([...claimedBy.keys()], existing, trx);
  if (held) throw conflict(m.merchantIdInUse(held));
}
