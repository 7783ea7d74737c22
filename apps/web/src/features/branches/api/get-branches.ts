import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import type { BranchSortField, BranchStatus } from '@krowd/domain/branch/branch.schema';
import { useEntityList, type EntityListParams } from '@/components/ui/use-entity-list';
import { branchesKey } from './keys.ts';

export type BranchListParams = EntityListParams<BranchSortField, BranchStatus>;

/** GET merchants: a page of branches (spec 2 §7). */
export function useBranches(params: BranchListParams) {
  return useEntityList<BranchRow>(branchesKey, 'merchants', params);
}
