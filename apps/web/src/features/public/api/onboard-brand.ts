import { useMutation } from '@tanstack/react-query';
import type { BrandOnboardingFormInput } from '@krowd/domain/public/card-network.schema';
import type { Redirecting } from '@krowd/domain/public/public-response.schema';
import { apiRequest } from '@/lib/api-client';

/** POST auth/onBoardAmexBrand: the dining sign-up after the terms (brand, guest account and lead); no session. */
export function useOnboardBrand() {
  return useMutation({
    mutationFn: (input: BrandOnboardingFormInput) =>
      apiRequest<Redirecting>('auth/onBoardAmexBrand', {
        method: 'POST',
        body: { ...input, from: 'amexdiningsignup' },
        sessionRequired: false,
      }),
  });
}
