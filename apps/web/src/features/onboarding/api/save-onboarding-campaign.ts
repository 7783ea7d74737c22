import type { CampaignFormInput } from '@krowd/domain/campaign/campaign.schema';
import type { OnboardingUser } from '@krowd/domain/onboarding/onboarding-response.schema';
import { apiRequest } from '@/lib/api-client';
import { useOnboardingMutation } from '../hooks/use-onboarding-mutation.ts';

/**
 * PUT users/onboarding/campaign: the guest's campaign form (every branch they add: type 'All'),
 * with the terms accepted. Sets stepOne and the step 'campaign'.
 */
export function useSaveOnboardingCampaign() {
  return useOnboardingMutation((stepOneData: CampaignFormInput) =>
    apiRequest<OnboardingUser>('users/onboarding/campaign', {
      method: 'PUT',
      body: { stepOneData: { ...stepOneData, type: 'All', merchantIds: undefined }, isTAndCAccepted: true },
    }),
  );
}
