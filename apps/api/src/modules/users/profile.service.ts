import type { Kysely, Transaction } from 'kysely';
import { diffRecords } from '@krowd/domain/audit/audit-diff.rules';
import { canRenameBrand, profileHasBrand, type ProfileUpdate } from '@krowd/domain/user/profile.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext, UserAccount } from '../../http/caller.ts';
import { badRequest, forbidden, HttpError } from '../../http/errors.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { Clock } from '../auth/auth.service.ts';
import type { ProfileRepository } from './profile.repository.ts';
import type { UsersRepository } from './users.repository.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

const m = messages.profile;

/** A subject for the profile rules, from an account. */
const profileSubjectOf = (account: UserAccount) => ({
  entityType: account.entity_type,
  role: account.role,
  brandId: account.brand_id,
  isClientAdmin: account.is_client_admin,
});

/**
 * My Profile (spec 2 §2.8): a user changes their own name, number and address, a brand admin also
 * their brand's name; the e-mail never changes. Deactivating ends every session of the user.
 */
export function createProfileService(deps: {
  db: Kysely<DB>;
  profiles: ProfileRepository;
  users: UsersRepository;
  sessions: Pick<AuthRepository, 'endSessionsOfUser'>;
  clock: Clock;
  /** Each change recorded in its own transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, profiles, users, sessions, clock } = deps;
  /** One's own profile as the audit log compares it (the user's event, in their brand's log). */
  const audited = (
    trx: Transaction<DB>,
    caller: AuthContext,
    before: UserAccount,
    after: Partial<UserAccount>,
  ) =>
    deps.audit?.record(trx, caller, {
      entityType: 'user',
      entityId: before.id,
      action: 'updated',
      brandId: before.brand_id,
      groupId: before.group_id,
      changes: diffRecords(profileFieldsOf(before), profileFieldsOf({ ...before, ...after })),
    });

  /** The profile is one's own: anybody else's answers 403, whoever they are. */
  function ownAccount(caller: AuthContext, id: string): UserAccount {
    if (id !== caller.account.id) throw forbidden();
    return caller.account;
  }

  return {
    async update(caller: AuthContext, id: string, input: ProfileUpdate): Promise<UserAccount> {
      const account = ownAccount(caller, id);
      if (input.email !== undefined && input.email.toLowerCase() !== account.email) {
        throw badRequest(m.emailNotEditable, { email: m.emailNotEditable });
      }
      if (input._id !== undefined && input._id !== account.id) throw badRequest(messages.common.invalidData);
      if (input.brandId && input.brandId !== account.brand_id) throw badRequest(messages.common.invalidData);
      const subject = profileSubjectOf(account);
      const renamesBrand =
        input.brandName !== undefined && profileHasBrand(subject) && input.brandName !== account.brand_name;
      if (input.brandName !== undefined && !profileHasBrand(subject)) {
        throw badRequest(messages.validation.unexpectedField, {
          brandName: messages.validation.unexpectedField,
        });
      }
      if (renamesBrand && !canRenameBrand(subject)) {
        throw new HttpError(403, m.brandNotEditable, { brandName: m.brandNotEditable });
      }
      return db.transaction().execute(async (trx) => {
        await profiles.updateProfile(
          account.id,
          // An address left out stays as it was; an empty one is cleared.
          { ...input, address: input.address === undefined ? account.address : input.address },
          trx,
        );
        if (renamesBrand && account.brand_id && input.brandName) {
          await profiles.renameBrand(account.brand_id, input.brandName, trx);
        }
        const updated = await users.findAccountById(account.id, trx);
        if (!updated) throw new Error(`user ${account.id} vanished during its profile update`);
        await audited(trx, caller, account, updated);
        return updated;
      });
    },

    /** Deactivates the caller's account and ends all its sessions, in one transaction. */
    async deactivate(caller: AuthContext, id: string) {
      const account = ownAccount(caller, id);
      await db.transaction().execute(async (trx) => {
        const wasActive = await profiles.deactivate(account.id, trx);
        await sessions.endSessionsOfUser(account.id, clock(), trx);
        if (wasActive) await audited(trx, caller, account, { status: 'deactivated' });
      });
    },
  };
}

const profileFieldsOf = (account: Partial<UserAccount>) => ({
  first_name: account.first_name,
  last_name: account.last_name,
  phone: account.phone,
  address: account.address,
  brand_name: account.brand_name,
  status: account.status,
});

export type ProfileService = ReturnType<typeof createProfileService>;
