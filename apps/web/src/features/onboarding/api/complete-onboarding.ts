import { useMutation } from '@tanstack/react-query';
import type { OnboardingCompleted } from '@krowd/domain/onboarding/onboarding-response.schema';
import { apiRequest } from '@/lib/api-client';
import { useSessionActions } from '@/lib/session';

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
