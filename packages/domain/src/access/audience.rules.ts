import type { EntityType } from '../auth/auth.schema.ts';

/**
 * Who someone is for access purposes (the permission table's first half; access.rules.ts re-exports
 * all of it), and the named rules the rest of the code asks of an audience instead of comparing it to
 * a literal (decision 0106; ESLint refuses `audience === '…'` outside this folder).
 */

export const brandRoles = [
  'user',
  'companyAdmin',
  'brandAdmin',
  'brandUser',
  'groupAdmin',
  'groupUser',
] as const;
export type BrandRole = (typeof brandRoles)[number];

/** The roles that administer one brand: those its operational mails go to (MID health alerts). */
export const brandAdministratorRoles = ['companyAdmin', 'brandAdmin'] as const satisfies readonly BrandRole[];

/**
 * The roles that administer a group, and so every brand of it (`administersGroup`): they hear a
 * group brand's MID health alerts as its own administrators do (docs/decisions/0115).
 */
export const groupAdministratorRoles = ['groupAdmin'] as const satisfies readonly BrandRole[];

/** Who someone is for access purposes: entity type, then the client-admin and guest flags, then role. */
export type Audience = 'systemadmin' | 'bank' | 'cardprovider' | 'clientAdmin' | 'guest' | BrandRole;

export interface AccessSubject {
  entityType: EntityType;
  role: BrandRole | null;
  isClientAdmin: boolean;
  guestUser: boolean;
  guestUserFlag: boolean;
  isFirstLogin: boolean;
  /** A bank user who administers the bank (users.is_bank_admin); absent counts as no. */
  isBankAdmin?: boolean;
}

export function isGuest(subject: Pick<AccessSubject, 'guestUser' | 'guestUserFlag'>): boolean {
  return subject.guestUser && subject.guestUserFlag;
}

export function audienceOf(subject: AccessSubject): Audience {
  if (subject.entityType !== 'brand') return subject.entityType;
  if (isGuest(subject)) return 'guest';
  if (subject.isClientAdmin) return 'clientAdmin';
  return subject.role ?? 'user';
}

/**
 * A role within an audience, for the pages the audience alone cannot decide: of the bank users,
 * only the bank's admins manage its publisher's keys and webhooks (the API answers 403 to others).
 */
export type AccessRole = 'bankAdmin';

export function rolesOf(subject: AccessSubject): readonly AccessRole[] {
  return subject.entityType === 'bank' && subject.isBankAdmin ? ['bankAdmin'] : [];
}

/** Roles that belong to a group rather than to one brand. */
export const groupRoles = ['groupAdmin', 'groupUser'] as const satisfies readonly BrandRole[];
/** Finance roles: dashboard, invoices, profile, password (spec 3 §2.9). */
export const financeRoles = ['groupUser', 'brandUser'] as const satisfies readonly BrandRole[];

const among = (list: readonly Audience[], audience: Audience) => list.includes(audience);

/** The brand side: someone working for a brand or a group of brands (a role, not an operator's flag). */
export function isBrandRole(audience: Audience): audience is BrandRole {
  return among(brandRoles, audience);
}

/** Works for a group of brands (its own users and every brand of it), not for one brand. */
export function isGroupRole(audience: Audience): boolean {
  return among(groupRoles, audience);
}

/** Administers a group: manages the users of the group and of every brand of it (spec 2 §2.5). */
export function administersGroup(audience: Audience): boolean {
  return among(groupAdministratorRoles, audience);
}

/** A finance role: reads the figures, invoices and branches, changes nothing (spec 3 §2.9). */
export function isFinanceRole(audience: Audience): boolean {
  return among(financeRoles, audience);
}

/** The operators (Krowd): every brand, bank and publisher is within their reach. */
export function isSystemAdmin(audience: Audience): boolean {
  return audience === 'systemadmin';
}

/**
 * Someone of a bank: belongs to a bank, not a brand, and carries no brand role. A bank reads its
 * linked brands' data and changes none of it; what it manages is its own (users, library, publisher).
 */
export function isBankUser(audience: Audience): boolean {
  return audience === 'bank';
}

/** Sees every brand (tenant scope 'all'): the operators and the client admins. */
export function seesAllBrands(audience: Audience): boolean {
  return audience === 'systemadmin' || audience === 'clientAdmin';
}

/** Picks any group and brand on the dashboard: the client admins, who open any brand's (spec 3 §2.4). */
export function picksAnyBrand(audience: Audience): boolean {
  return audience === 'clientAdmin';
}

/**
 * Confirms a submitted campaign's templates: banks, whose cardholders are shown them. A system admin
 * only rejects them (spec 3 §2.1).
 */
export function confirmsTemplates(audience: Audience): boolean {
  return audience === 'bank';
}

/** For an exhaustive `switch` over audiences: a new audience fails the build where it is not handled. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled audience: ${String(value)}`);
}
