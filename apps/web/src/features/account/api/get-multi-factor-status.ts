import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MultiFactorStatusAnswer } from '@krowd/domain/auth/auth-response.schema';
import { apiRequest } from '@/lib/api-client';
import { multiFactorStatusKey } from './keys.ts';

/** GET auth/mfa: whether the user's two-step sign-in is on, required, and recovery codes left. */
export function multiFactorStatusQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: multiFactorStatusKey,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<MultiFactorStatusAnswer>('auth/mfa', { signal }).then((response) => response.details),
  });
}

export function useMultiFactorStatus(enabled = true) {
  return useQuery(multiFactorStatusQueryOptions(enabled));
}
