import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BrandOnboardingFormInput,
  ContactLeadInput,
  SignupLookupInput,
} from '@krowd/domain/public/card-network.schema';
import type { BranchPage, Redirecting, SignupLookedUp } from '@krowd/domain/public/public-response.schema';
import { apiRequest } from '@/lib/api-client';

/** The public card-network pages' calls (spec 3 §7, auth/…): no session, so a 401 is never 'expired'. */
export function useContactLead() {
  return useMutation({
    mutationFn: (input: ContactLeadInput) =>
      apiRequest<Redirecting>('auth/notifyAdminForAmex', {
        method: 'POST',
        body: input,
        sessionRequired: false,
      }),
  });
}

export function useSignupLookup() {
  return useMutation({
    mutationFn: (input: SignupLookupInput & { amexMerchantID: string }) =>
      apiRequest<SignupLookedUp>(`auth/getAmexUser/${encodeURIComponent(input.amexMerchantID)}`, {
        method: 'POST',
        body: input,
        sessionRequired: false,
      }),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>('auth/verifyEmail', {
        method: 'POST',
        body: { email },
        sessionRequired: false,
      }),
  });
}

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

/** The branch page's multipart submit: branchList as JSON text, the page id, comments and the file. */
export function useSubmitBranches() {
  return useMutation({
    mutationFn: ({
      id,
      branchList,
      comments,
      excelFile,
    }: {
      id: string;
      branchList: unknown[];
      comments: string;
      excelFile: File | null;
    }) => {
      const form = new FormData();
      form.set('branchList', JSON.stringify(branchList));
      form.set('id', id);
      form.set('comments', comments);
      if (excelFile) form.set('excelFile', excelFile);
      return apiRequest<Redirecting>('auth/notifyAdminForAmexBranch', {
        method: 'POST',
        form,
        sessionRequired: false,
      });
    },
  });
}

/** The restaurant a branch page is for; an unknown or expired id answers the page's error. */
export function useBranchPage(id: string) {
  return useQuery({
    queryKey: ['card-network-branch-page', id],
    queryFn: ({ signal }) =>
      apiRequest<BranchPage>(`auth/getAmexBranchPage/${encodeURIComponent(id)}`, {
        signal,
        sessionRequired: false,
      }),
    retry: false,
  });
}
