import type { UserRow } from '@krowd/domain/user/user-response.schema';
import type { UserSortField } from '@krowd/domain/user/user.schema';
import { useEntityList, type EntityListParams } from '@/components/ui/use-entity-list';
import { usersKey } from './keys.ts';

export type UserListParams = EntityListParams<UserSortField>;

/** GET users: a page of users (spec 2 §7). */
export function useUsers(params: UserListParams) {
  return useEntityList<UserRow>(usersKey, 'users', params);
}
