import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupsWithBrands } from '@krowd/domain/group/group-response.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** GET groupBrand: the groups (with their brands) the caller may see. */
export function groupsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: dashboardKeys.groups,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<GroupsWithBrands>('groupBrand', { query: { from: 'dashboard' }, signal }).then(
        (answer) => answer.groups,
      ),
  });
}

export function useGroups(enabled: boolean) {
  return useQuery(groupsQueryOptions(enabled));
}
