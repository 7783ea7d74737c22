import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandClaimCreate, Claim, ClaimPage, ClaimResolve } from '@krowd/domain/claim/claim.schema';
import { apiRequest } from '@/lib/api-client';

/** The claims screens' calls (docs/decisions/0108): a page of claims, filing one, resolving one. */
interface Answer {
  respMessage: string;
  claim: Claim;
}

export function useClaims(query: { page: number; limit: number; queue: boolean }) {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.queue) params.set('queue', 'true');
  return useQuery({
    queryKey: ['claims', 'list', query],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiRequest<ClaimPage>(`claims?${params}`, { signal }),
  });
}

function useClaimMutation<Input>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['claims'] }),
  });
}

export const useFileClaim = () =>
  useClaimMutation((input: BrandClaimCreate) =>
    apiRequest<Answer>('claims', { method: 'POST', body: input }),
  );

export const useResolveClaim = () =>
  useClaimMutation(({ id, ruling }: { id: string; ruling: ClaimResolve }) =>
    apiRequest<Answer>(`claims/${id}/resolve`, { method: 'POST', body: ruling }),
  );
