import type { Kysely, Transaction } from 'kysely';
import type { EntityType } from '@krowd/domain/auth/auth.schema';
import { brandRoles, isBankUser, type BrandRole } from '@krowd/domain/access/access.rules';
import {
  effectiveSearch,
  paginationOf,
  type PageQuery,
  type SortDirection,
} from '@krowd/domain/list/list.schema';
import { diffRecords, type AuditChanges } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction } from '@krowd/domain/audit/audit.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  canManageUser,
  isGroupRole,
  managesUsers,
  needsBrandChoice,
  roleRefusal,
  type ManagedUser,
  type UserManager,
} from '@krowd/domain/user/user.rules';
import type { UserRow } from '@krowd/domain/user/user-response.schema';
import type { UserCreate, UserSortField, UserUpdate } from '@krowd/domain/user/user.schema';
import type { DB } from '../../db/database.generated.ts';
import type { UserStatus } from '../../db/schema.ts';
import type { AuthContext, UserAccount } from '../../http/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { AuthService, Clock } from '../auth/auth.service.ts';
import { brandInScope } from '../../http/brand-scope.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { setPasswordMail } from './users.mail.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { UserListScope, UsersRepository } from './users.repository.ts';

const m = messages.user;

export interface UserListRequest extends PageQuery {
  filters: {
    globalSearch?: { value: string };
    dropDown?: { value: UserStatus | '' };
    sortField?: { sortfield: UserSortField; direction: SortDirection };
  };
  brandId?: string;
  from?: 'onboard';
}

/** A user as the Users list shows it (an allowlist of columns, in the spec's field names). */
export function toUserRow(account: UserAccount): UserRow {
  return {
    _id: account.id,
    email: account.email,
    firstName: account.first_name,
    lastName: account.last_name,
    displayName: `${account.first_name} ${account.last_name}`.trim(),
    phone: account.phone,
    role: account.role,
    entityType: account.entity_type,
    brandId: account.brand_id,
    brandName: account.brand_name,
    groupId: account.effective_group_id,
    groupName: account.group_name,
    bankId: account.bank_id,
    status: account.status,
    created: account.created_at.toISOString(),
  };
}

export function managerOf(caller: AuthContext): UserManager {
  return {
    id: caller.account.id,
    audience: caller.audience,
    brandId: caller.account.brand_id,
    groupId: caller.account.effective_group_id,
    bankId: caller.account.bank_id,
    isBankAdmin: caller.account.is_bank_admin,
  };
}

function managedOf(account: UserAccount): ManagedUser {
  return {
    id: account.id,
    entityType: account.entity_type,
    role: account.role,
    brandId: account.brand_id,
    groupId: account.effective_group_id,
    bankId: account.bank_id,
  };
}

/** Roles whose key or label holds the search text ('finance' finds brandUser and groupUser). */
function rolesMatching(search: string): BrandRole[] {
  const text = search.toLowerCase();
  return brandRoles.filter(
    (role) => role.toLowerCase().includes(text) || messages.user.roles[role].toLowerCase().includes(text),
  );
}

const isUniqueViolation = (error: unknown) => String((error as { code?: unknown }).code) === '23505';

/** Someone invited to set a password: the user's details and where they belong. */
export interface Invitee {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  entity_type: EntityType;
  role: BrandRole | null;
  brand_id: string | null;
  group_id: string | null;
  bank_id: string | null;
  is_bank_admin?: boolean;
}

/** Where a brand-side user belongs: a brand, or (group roles) the group itself. */
interface Placement {
  brand_id: string | null;
  group_id: string | null;
}

export function createUsersService(deps: {
  db: Kysely<DB>;
  users: UsersRepository;
  brands: BrandsRepository;
  auth: AuthService;
  sessions: AuthRepository;
  mailer: Mailer;
  clock: Clock;
  /** Each change recorded in its own transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, users, brands, auth, sessions, mailer, clock } = deps;
  const audited = (
    trx: Transaction<DB>,
    caller: AuthContext,
    user: Audited,
    action: AuditAction,
    changes: AuditChanges,
  ) =>
    deps.audit?.record(trx, caller, {
      entityType: 'user',
      entityId: user.id,
      action,
      brandId: user.brand_id,
      groupId: user.group_id,
      changes,
    });

  /** The users a list covers: the caller's brand, group (or one brand of it) or bank; all for operators. */
  async function listScope(caller: AuthContext, request: UserListRequest): Promise<UserListScope> {
    const { scope } = caller;
    const chosen = request.from === 'onboard' ? undefined : request.brandId;
    if (chosen) await brandInScope(brands, scope, chosen);
    switch (scope.kind) {
      case 'all':
        return { kind: 'all', brandId: chosen };
      case 'group':
        return chosen ? { kind: 'brands', brandIds: [chosen] } : { kind: 'group', groupId: scope.groupId };
      case 'brand':
        return { kind: 'brands', brandIds: [scope.brandId] };
      case 'bank':
        return { kind: 'bank', bankId: scope.bankId };
      case 'none':
        return { kind: 'brands', brandIds: [] };
    }
  }

  /** The user, when the caller may manage them; otherwise 404 (their existence stays hidden). */
  async function managedUser(caller: AuthContext, id: string) {
    const account = await users.findAccountById(id);
    if (!account || !canManageUser(managerOf(caller), managedOf(account))) throw notFound();
    return account;
  }

  function requireRole(manager: UserManager, target: ManagedUser | null, role: BrandRole) {
    const refusal = roleRefusal(manager, target, role);
    if (refusal === 'ownRole') throw conflict(m.cannotChangeOwnRole);
    if (refusal === 'notAssignable') throw forbidden(m.roleNotAllowed);
  }

  /**
   * Where a brand-side user with this role belongs: a group role in the manager's group; a brand
   * role in the brand a group admin chose (one of its group's), else in the manager's own brand.
   */
  async function placementOf(
    caller: AuthContext,
    role: BrandRole,
    brandId: string | undefined,
    current: string | null,
  ): Promise<Placement> {
    const manager = managerOf(caller);
    if (isGroupRole(role)) return { brand_id: null, group_id: manager.groupId };
    if (needsBrandChoice(manager, role)) {
      const chosen = brandId ?? current;
      if (!chosen) throw badRequest(m.brandRequired, { brandId: m.brandRequired });
      return { brand_id: (await brandInScope(brands, caller.scope, chosen)).id, group_id: null };
    }
    // A brand's own admins keep their users in their brand.
    if (brandId && brandId !== manager.brandId) throw notFound();
    return { brand_id: manager.brandId, group_id: null };
  }

  /**
   * An invited user, active with no password until they set one through the link mailed to them:
   * written with the link inside the caller's transaction, so a bank or group created with its
   * first admin is one write, and mailed once that transaction has committed.
   */
  const invitation = {
    /** `caller` is who invites (null for none): the new user is recorded in the audit log (0113). */
    async write(
      invitee: Invitee,
      trx: Transaction<DB>,
      caller: AuthContext | null = null,
    ): Promise<{ id: string; link: string }> {
      const id = await users.insertUser(
        {
          email: invitee.email,
          password_hash: null,
          first_name: invitee.firstName,
          last_name: invitee.lastName,
          phone: invitee.phone,
          entity_type: invitee.entity_type,
          role: invitee.role,
          brand_id: invitee.brand_id,
          group_id: invitee.group_id,
          bank_id: invitee.bank_id,
          is_bank_admin: invitee.is_bank_admin ?? false,
          process_completed: true,
        },
        trx,
      );
      const link = await auth.issueLink(id, 'set_password', { executor: trx });
      if (caller) {
        const fields = auditedFields({
          ...invitee,
          first_name: invitee.firstName,
          last_name: invitee.lastName,
        });
        await audited(trx, caller, { id, ...invitee }, 'created', diffRecords(null, fields));
      }
      return { id, link };
    },

    async mail(invitee: Invitee, link: string) {
      await mailer.send({
        to: invitee.email,
        brandId: invitee.brand_id,
        ...setPasswordMail(invitee.firstName, link),
      });
    },
  };

  /**
   * Runs a write that invites someone (its transaction), refusing an e-mail already in use (409,
   * also when two writes race for it: the unique index decides), then mails the link.
   */
  async function invite<T extends { link: string }>(
    invitee: Invitee,
    write: (trx: Transaction<DB>) => Promise<T>,
  ): Promise<T> {
    if (await users.emailExists(invitee.email)) throw conflict(m.emailTaken);
    let written: T;
    try {
      written = await db.transaction().execute(write);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(m.emailTaken);
      throw error;
    }
    await invitation.mail(invitee, written.link);
    return written;
  }

  async function fresh(id: string) {
    return toUserRow((await users.findAccountById(id))!);
  }

  return {
    async list(caller: AuthContext, request: UserListRequest) {
      const { filters } = request;
      const search = effectiveSearch(filters.globalSearch?.value);
      const { rows, total } = await users.listPage({
        scope: await listScope(caller, request),
        search,
        searchRoles: search ? rolesMatching(search) : [],
        status: filters.dropDown?.value || undefined,
        sort: filters.sortField,
        page: request.page,
        limit: request.limit,
      });
      return { data: rows.map(toUserRow), pagination: paginationOf(request, total) };
    },

    /**
     * A new user: active, with no password until they set one through the link mailed to them.
     * The user and the link are written in one transaction; the mail is recorded once they are.
     */
    async create(caller: AuthContext, input: UserCreate) {
      const manager = managerOf(caller);
      if (!managesUsers(manager)) throw forbidden();
      let placement: Placement & { bank_id: string | null };
      if (isBankUser(caller.audience)) {
        if (input.role || input.brandId) throw badRequest(m.roleNotAllowed, { role: m.roleNotAllowed });
        placement = { brand_id: null, group_id: null, bank_id: manager.bankId };
      } else {
        if (!input.role) throw badRequest(m.roleRequired, { role: m.roleRequired });
        requireRole(manager, null, input.role);
        placement = { ...(await placementOf(caller, input.role, input.brandId, null)), bank_id: null };
      }
      const invitee: Invitee = {
        ...input,
        entity_type: isBankUser(caller.audience) ? 'bank' : 'brand',
        role: isBankUser(caller.audience) ? null : (input.role ?? null),
        ...placement,
      };
      const created = await invite(invitee, (trx) => invitation.write(invitee, trx, caller));
      return fresh(created.id);
    },

    /** For the modules that create an organisation with its first admin (banks, groups). */
    invite,
    invitation,

    /** Names, phone, role and brand of a user within reach; never the e-mail or the password. */
    async update(caller: AuthContext, id: string, changes: UserUpdate) {
      const target = await managedUser(caller, id);
      const manager = managerOf(caller);
      const role = changes.role ?? target.role;
      let placement: Partial<Placement> = {};
      if (target.entity_type === 'bank') {
        if (changes.role || changes.brandId) throw badRequest(m.roleNotAllowed, { role: m.roleNotAllowed });
      } else if (role && (changes.role !== undefined || changes.brandId !== undefined)) {
        requireRole(manager, managedOf(target), role);
        placement = await placementOf(caller, role, changes.brandId, target.brand_id);
      }
      const values = {
        first_name: changes.firstName,
        last_name: changes.lastName,
        phone: changes.phone,
        role: changes.role,
        ...placement,
      };
      await db.transaction().execute(async (trx) => {
        await users.updateUser(id, values, trx);
        const after = { ...auditedFields(target), ...definedOf(auditedFields(values)) };
        await audited(trx, caller, target, 'updated', diffRecords(auditedFields(target), after));
      });
      return fresh(id);
    },

    /**
     * Deletes a user within reach (never oneself): the row is kept, marked deleted, because
     * campaigns and branches name who created them; their sessions end in the same transaction,
     * and their unused links stop working (a deleted user is found by nothing).
     */
    async remove(caller: AuthContext, id: string) {
      const target = await managedUser(caller, id);
      if (target.id === caller.account.id) throw conflict(m.cannotDeleteSelf);
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await users.markDeleted(id, now, trx);
        await sessions.endSessionsOfUser(id, now, trx);
        await audited(trx, caller, target, 'deleted', diffRecords({ deleted_at: null }, { deleted_at: now }));
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** A user as the audit log names it: its id and the brand and group whose logs show it. */
interface Audited {
  id: string;
  brand_id: string | null;
  group_id: string | null;
}

/** The fields of a user the audit log compares (decision 0113): who they are and where they sit. */
function auditedFields(user: Partial<Record<(typeof auditedUserFields)[number], unknown>>) {
  return Object.fromEntries(auditedUserFields.map((field) => [field, user[field]]));
}
const auditedUserFields = [
  'email',
  'first_name',
  'last_name',
  'phone',
  'role',
  'brand_id',
  'group_id',
  'bank_id',
] as const;

/** The fields a partial update sets (an absent one keeps its value). */
const definedOf = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
