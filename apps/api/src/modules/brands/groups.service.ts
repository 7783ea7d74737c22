import type { Transaction } from 'kysely';
import type { GroupDetails } from '@krowd/domain/group/group-response.schema';
import type { GroupCreate } from '@krowd/domain/group/group.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { BrandsRepository } from './brands.repository.ts';
import { createdChanges } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditRecorder } from '../audit/audit.service.ts';

/** The group's first Group Admin, as the users module invites them. */
type GroupAdmin = GroupCreate['admin'] & {
  entity_type: 'brand';
  role: 'groupAdmin';
  brand_id: null;
  group_id: string | null;
  bank_id: null;
};

/**
 * The users module's invitation (users.service.ts `invite` and `invitation`), passed in by app.ts
 * and declared here so that brands imports nothing of users: the admin gets a set-password link.
 */
interface Invitations {
  invite<T extends { link: string }>(
    invitee: GroupAdmin,
    write: (trx: Transaction<DB>) => Promise<T>,
  ): Promise<T>;
  invitation: {
    write(
      invitee: GroupAdmin,
      trx: Transaction<DB>,
      caller: AuthContext,
    ): Promise<{ id: string; link: string }>;
  };
}

/**
 * Groups of brands, created by the system admin with their first Group Admin. The group and its
 * brands are one audit event in the creation's transaction (`group`, created, its name and
 * `brand_ids`; docs/decisions/0113), in the group's log; its admin's invitation is the user's own.
 */
export function createGroupsService(deps: {
  brands: BrandsRepository;
  invitations: Invitations;
  audit?: AuditRecorder;
}) {
  const { brands, invitations } = deps;
  return {
    /**
     * The group, its brands moved into it (out of any group they were in) and its Group Admin, in
     * one transaction; a brand id that is not a brand is refused and nothing is written.
     */
    /** `caller` (the system admin) is recorded as the first admin's inviter (decision 0113). */
    async create(caller: AuthContext, input: GroupCreate): Promise<GroupDetails> {
      const invitee: GroupAdmin = {
        ...input.admin,
        entity_type: 'brand',
        role: 'groupAdmin',
        brand_id: null,
        group_id: null,
        bank_id: null,
      };
      if (await brands.groupNameExists(input.name)) throw conflict(messages.group.nameTaken);
      const { group } = await invitations.invite(invitee, async (trx) => {
        const existing = await brands.lockExisting(input.brandIds, trx);
        if (existing.length !== input.brandIds.length) {
          throw badRequest(messages.group.brandUnknown, { brandIds: messages.group.brandUnknown });
        }
        const group = await brands.insertGroup(input.name, trx);
        await brands.moveToGroup(input.brandIds, group.id, trx);
        const invited = await invitations.invitation.write({ ...invitee, group_id: group.id }, trx, caller);
        await deps.audit?.record(trx, caller, {
          entityType: 'group',
          entityId: group.id,
          action: 'created',
          brandId: null,
          groupId: group.id,
          changes: createdChanges({ name: group.name, brand_ids: [...input.brandIds].sort() }),
        });
        return { group, ...invited };
      });
      return {
        _id: group.id,
        name: group.name,
        brands: (await brands.brandsOfGroup(group.id)).map((brand) => ({ _id: brand.id, name: brand.name })),
        created: group.created_at.toISOString(),
      };
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
