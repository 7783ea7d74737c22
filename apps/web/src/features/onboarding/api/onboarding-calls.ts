import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignFormInput } from '@krowd/domain/campaign/campaign.schema';
import type {
  OnboardingCompleted,
  OnboardingUser,
} from '@krowd/domain/onboarding/onboarding-response.schema';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey, useSessionActions } from '@/lib/session';

/**
 * The train's step saves (spec 1 §4): each answers the session user with its flags, which
 * replaces the one the browser holds, so a reload resumes where the server says.
 */
function useOnboardingMutation<Input>(request: (input: Input) => Promise<OnboardingUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => queryClient.setQueryData(sessionQueryKey, answer.details),
  });
}

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

export type OnboardingProgress = { step: 'payment'; stepTwo: true } | { step: 'branch'; stepThree: boolean };

/** PUT users/onboarding/progress: Skip Direct-Debit (stepTwo), Branch Next and Back (stepThree). */
export function useOnboardingProgress() {
  return useOnboardingMutation((progress: OnboardingProgress) =>
    apiRequest<OnboardingUser>('users/onboarding/progress', { method: 'PUT', body: progress }),
  );
}

export interface CompleteOnboardingInput {
  firstName: string;
  lastName: string;
  phone: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * POST users/onboarding/complete: the account's details and password. The guest session ends and
 * a full one starts (a new cookie), so the browser starts afresh with the answered user.
 */
export function useCompleteOnboarding() {
  const { signedIn } = useSessionActions();
  return useMutation({
    mutationFn: (input: CompleteOnboardingInput) =>
      apiRequest<OnboardingCompleted>('users/onboarding/complete', { method: 'POST', body: input }),
    onSuccess: (answer) => signedIn(answer.details),
  });
}
