import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupCreated, GroupsWithBrands } from '@krowd/domain/group/group-response.schema';
import type { GroupCreateInput } from '@krowd/domain/group/group.schema';
import { apiRequest } from '@/lib/api-client';

const groupsKey = ['groups', 'list'] as const;

/** GET groupBrand: every group with its brands (the system admin's Groups page). */
export function useGroupList() {
  return useQuery({
    queryKey: groupsKey,
    queryFn: ({ signal }) =>
      apiRequest<GroupsWithBrands>('groupBrand', { signal }).then((answer) => answer.groups),
  });
}

/** POST groups: a new group, its brands moved into it, its Group Admin mailed a set-password link. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupCreateInput) =>
      apiRequest<GroupCreated & { respMessage: string }>('groups', { method: 'POST', body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupsKey });
      await queryClient.invalidateQueries({ queryKey: ['banks', 'brandOptions'] });
    },
  });
}
