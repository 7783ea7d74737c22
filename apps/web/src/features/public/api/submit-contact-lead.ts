import { useMutation } from '@tanstack/react-query';
import type { ContactLeadInput } from '@krowd/domain/public/card-network.schema';
import type { Redirecting } from '@krowd/domain/public/public-response.schema';
import { apiRequest } from '@/lib/api-client';

/**
 * POST auth/notifyAdminForAmex: the contact form's lead. The public card-network pages' calls
 * (spec 3 §7, auth/…) need no session, so a 401 is never 'expired'.
 */
export function useSubmitContactLead() {
  return useMutation({
    mutationFn: (input: ContactLeadInput) =>
      apiRequest<Redirecting>('auth/notifyAdminForAmex', {
        method: 'POST',
        body: input,
        sessionRequired: false,
      }),
  });
}
