import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupsWithBrands } from '@krowd/domain/group/group-response.schema';
import { apiRequest } from '@/lib/api-client';
import { groupsKey } from './keys.ts';

/** GET groupBrand: every group with its brands (the system admin's Groups page). */
export function groupListQueryOptions() {
  return queryOptions({
    queryKey: groupsKey,
    queryFn: ({ signal }) =>
      apiRequest<GroupsWithBrands>('groupBrand', { signal }).then((answer) => answer.groups),
  });
}

export function useGroupList() {
  return useQuery(groupListQueryOptions());
}
