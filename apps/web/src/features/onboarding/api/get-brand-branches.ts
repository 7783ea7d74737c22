import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { useEntityList } from '@/components/ui/use-entity-list';
import { branchesKey } from './keys.ts';

/** Most branches one page of the list holds (the paging contract's limit). */
export const wizardBranchLimit = 100;

/** GET merchants: the brand's branches, listed in the wizard's table (spec 2 §2.3 wizard mode). */
export function useBrandBranches(brandId: string) {
  return useEntityList<BranchRow>([...branchesKey, 'wizard'], 'merchants', {
    page: 1,
    limit: wizardBranchLimit,
    search: '',
    brandId,
  });
}
