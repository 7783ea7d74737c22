import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetailsAnswer } from '@krowd/domain/user/user-response.schema';
import { apiRequest } from '@/lib/api-client';
import { userDetailsKey } from './keys.ts';

/** GET users/{id}: the profile's fields, the address included (the session user has none). */
export function userDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: userDetailsKey(id),
    queryFn: ({ signal }) =>
      apiRequest<UserDetailsAnswer>(`users/${id}`, { signal }).then((response) => response.details),
  });
}

export function useUserDetails(id: string) {
  return useQuery(userDetailsQueryOptions(id));
}
