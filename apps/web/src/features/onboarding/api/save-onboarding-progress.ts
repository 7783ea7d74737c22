import type { OnboardingUser } from '@krowd/domain/onboarding/onboarding-response.schema';
import { apiRequest } from '@/lib/api-client';
import { useOnboardingMutation } from '../hooks/use-onboarding-mutation.ts';

export type OnboardingProgress = { step: 'payment'; stepTwo: true } | { step: 'branch'; stepThree: boolean };

/** PUT users/onboarding/progress: Skip Direct-Debit (stepTwo), Branch Next and Back (stepThree). */
export function useSaveOnboardingProgress() {
  return useOnboardingMutation((progress: OnboardingProgress) =>
    apiRequest<OnboardingUser>('users/onboarding/progress', { method: 'PUT', body: progress }),
  );
}
