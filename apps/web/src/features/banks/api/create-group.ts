import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupCreated } from '@krowd/domain/group/group-response.schema';
import type { GroupCreateInput } from '@krowd/domain/group/group.schema';
import { apiRequest } from '@/lib/api-client';
import { brandOptionsKey, groupsKey } from './keys.ts';

/** POST groups: a new group, its brands moved into it, its Group Admin mailed a set-password link. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupCreateInput) =>
      apiRequest<GroupCreated & { respMessage: string }>('groups', { method: 'POST', body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupsKey });
      await queryClient.invalidateQueries({ queryKey: brandOptionsKey });
    },
  });
}
