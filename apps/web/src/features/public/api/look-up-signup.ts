import { useMutation } from '@tanstack/react-query';
import type { SignupLookupInput } from '@krowd/domain/public/card-network.schema';
import type { SignupLookedUp } from '@krowd/domain/public/public-response.schema';
import { apiRequest } from '@/lib/api-client';

/** POST auth/getAmexUser/{merchantId}: the sign-up's lookup of its merchant, answered by a mailed link (no session). */
export function useLookUpSignup() {
  return useMutation({
    mutationFn: (input: SignupLookupInput & { amexMerchantID: string }) =>
      apiRequest<SignupLookedUp>(`auth/getAmexUser/${encodeURIComponent(input.amexMerchantID)}`, {
        method: 'POST',
        body: input,
        sessionRequired: false,
      }),
  });
}
