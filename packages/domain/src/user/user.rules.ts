import {
  administersGroup,
  can,
  groupRoles,
  isBankUser,
  isGroupRole,
  type Audience,
  type BrandRole,
} from '../access/access.rules.ts';
import type { EntityType } from '../auth/auth.schema.ts';

/**
 * Who may manage which users, and which roles they may give (spec 2 §2.5, §5, §6):
 * - a companyAdmin or brandAdmin manages the brand-side users of their brand;
 * - a groupAdmin manages the brand-side users of its group: the group's own users and those of
 *   every brand of the group, and chooses the brand when it gives a brand role;
 * - a bank admin manages the users of their bank (Bank Users), who carry no role; other bank
 *   users see the list without action icons;
 * - the plain user, the finance roles, the system admin and everyone else manage nobody. The
 *   system admin reads every user (GET users) but has no Users screen in the spec's route table.
 * Nobody deletes themselves or changes their own role.
 */

/** Where a user form is shown: the onboarding wizard or the settings Users screen (spec 2 §5). */
export type UserFormContext = 'onboarding' | 'settings';

export const roleChoicesByContext = {
  onboarding: ['companyAdmin', 'user'],
  settings: ['brandAdmin', 'brandUser', 'groupAdmin', 'groupUser'],
} as const satisfies Record<UserFormContext, readonly BrandRole[]>;

/** Roles that belong to a group rather than to one brand (the access rules say it, decision 0106). */
export { groupRoles, isGroupRole };

/** The caller managing users. */
export interface UserManager {
  id: string;
  audience: Audience;
  brandId: string | null;
  groupId: string | null;
  bankId: string | null;
  /** A bank user who manages the bank (My Bank, Bank Users). */
  isBankAdmin: boolean;
}

/** The user being managed. */
export interface ManagedUser {
  id: string;
  entityType: EntityType;
  role: BrandRole | null;
  brandId: string | null;
  /** Their group: their own (group roles) or their brand's. */
  groupId: string | null;
  bankId: string | null;
}

export type UserAction = 'edit' | 'delete';

/** Whether the manager manages any users at all (Add New shows only then). */
export function managesUsers(manager: UserManager): boolean {
  if (isBankUser(manager.audience) && !manager.isBankAdmin) return false;
  return can(manager.audience, 'users.manage');
}

/** Whether the target is inside the part of the tenant the manager manages. */
export function canManageUser(manager: UserManager, target: ManagedUser): boolean {
  if (!managesUsers(manager)) return false;
  if (isBankUser(manager.audience)) {
    return target.entityType === 'bank' && manager.bankId !== null && target.bankId === manager.bankId;
  }
  if (target.entityType !== 'brand') return false;
  if (administersGroup(manager.audience)) {
    return manager.groupId !== null && target.groupId === manager.groupId;
  }
  return manager.brandId !== null && target.brandId === manager.brandId;
}

/** The row's action icons: edit within reach (oneself included), delete within reach but oneself. */
export function userActions(manager: UserManager, target: ManagedUser): UserAction[] {
  if (!canManageUser(manager, target)) return [];
  return target.id === manager.id ? ['edit'] : ['edit', 'delete'];
}

/**
 * The roles a manager may give: a brand's admins give the brand roles of both forms; a group
 * admin the group roles too. Bank users carry no role.
 */
export function assignableRoles(manager: UserManager): BrandRole[] {
  if (!managesUsers(manager) || isBankUser(manager.audience)) return [];
  const brandSide: BrandRole[] = ['companyAdmin', 'user', 'brandAdmin', 'brandUser'];
  return administersGroup(manager.audience) && manager.groupId ? [...brandSide, ...groupRoles] : brandSide;
}

/**
 * The role dropdown of a form (spec 2 §5): the context's choices the manager may give, plus the
 * role the edited user already has so it shows.
 */
export function roleChoices(
  context: UserFormContext,
  manager: UserManager,
  current?: BrandRole | null,
): BrandRole[] {
  const allowed = assignableRoles(manager);
  const choices: BrandRole[] = roleChoicesByContext[context].filter((role) => allowed.includes(role));
  if (current && !choices.includes(current)) choices.push(current);
  return choices;
}

/** A group admin giving a brand role picks the brand of its group the user belongs to. */
export function needsBrandChoice(manager: UserManager, role: BrandRole | null | undefined): boolean {
  return administersGroup(manager.audience) && role !== null && role !== undefined && !isGroupRole(role);
}

/** Why a role may not be given, or null when it may. */
export type RoleRefusal = 'ownRole' | 'notAssignable';

/**
 * Giving `role` to the target (a new user when target is null): keeping one's role is always
 * fine; changing one's own never is (nobody demotes themselves); otherwise the role must be one
 * the manager may give.
 */
export function roleRefusal(
  manager: UserManager,
  target: ManagedUser | null,
  role: BrandRole,
): RoleRefusal | null {
  if (target && target.role === role) return null;
  if (target && target.id === manager.id) return 'ownRole';
  return assignableRoles(manager).includes(role) ? null : 'notAssignable';
}
