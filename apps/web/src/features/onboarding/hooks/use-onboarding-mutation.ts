import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingUser } from '@krowd/domain/onboarding/onboarding-response.schema';
import { sessionQueryKey } from '@/lib/session';

/**
 * The train's step saves (spec 1 §4): each answers the session user with its flags, which
 * replaces the one the browser holds, so a reload resumes where the server says.
 */
export function useOnboardingMutation<Input>(request: (input: Input) => Promise<OnboardingUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => queryClient.setQueryData(sessionQueryKey, answer.details),
  });
}
