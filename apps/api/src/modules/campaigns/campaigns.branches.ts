import { awaitsBrandDecision, branchCarriesCampaigns } from '@krowd/domain/branch/branch.rules';
import type { CampaignForm } from '@krowd/domain/campaign/campaign.schema';
import { messages } from '@krowd/domain/messages/messages';
import { badRequest, conflict, invalidField } from '../../http/errors.ts';
import type { BranchesRepository } from '../branches/branches.repository.ts';

const m = messages.campaign;

/**
 * The branches a campaign runs at: every approved branch ('All'), or the chosen ones, all approved.
 * Creating one waits until the brand has approved or rejected every branch the operator side
 * created for it (spec 1 §8); an edit does not.
 */
export async function branchesForCampaign(
  branches: Pick<BranchesRepository, 'branchesOfBrand'>,
  brandId: string,
  form: CampaignForm,
  purpose: 'create' | 'edit',
): Promise<string[]> {
  const all = await branches.branchesOfBrand(brandId);
  const awaitingBrand = all.some((branch) =>
    awaitsBrandDecision({ status: branch.status, createdByBrandUser: branch.created_by_brand_user }),
  );
  if (purpose === 'create' && awaitingBrand) throw conflict(m.branchesPending);
  const usable = all.filter((branch) => branchCarriesCampaigns(branch.status)).map((branch) => branch.id);
  if (usable.length === 0) throw badRequest(m.noBranches, { merchantIds: m.noBranches });
  if (form.type === 'All') return usable;
  const chosen = form.merchantIds ?? [];
  if (chosen.some((id) => !usable.includes(id))) {
    throw invalidField('merchantIds', m.branchNotAvailable);
  }
  return chosen;
}
