import type { Transaction, Updateable } from 'kysely';
import type { MerchantIds } from '@krowd/domain/branch/branch.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { conflict } from '../../http/errors.ts';
import type { BranchesRepository, BranchRecord } from './branches.repository.ts';

const m = messages.branch;

/*
 * A branch's merchant IDs (Mastercard, Amex, Zettle): the MIDs that decide whose transactions earn
 * at it, so one MID belongs to one branch of one brand (issue 16 §1).
 */

/** A branch's merchant IDs as stored: the three columns, those set. */
export const storedMerchantIdsOf = (row: {
  mastercard_merchant_id?: string | null;
  amex_merchant_id?: string | null;
  zettle_merchant_id?: string | null;
}) => [row.mastercard_merchant_id ?? null, row.amex_merchant_id ?? null, row.zettle_merchant_id ?? null];

/** The merchant IDs a branch has after a change: the changed columns, the others as they were. */
export function merchantIdsAfter(row: BranchRecord | undefined, ids: Partial<MerchantIds> | undefined) {
  const before = row ? storedMerchantIdsOf(row) : [null, null, null];
  if (!ids) return before;
  return [
    ids.merchantId === undefined ? before[0] : ids.merchantId,
    ids.amexMerchantID === undefined ? before[1] : ids.amexMerchantID,
    ids.zettleMerchantID === undefined ? before[2] : ids.zettleMerchantID,
  ];
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
 * The merchant IDs the branches of one request will hold (issue 16 §1): none may appear in two of
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
