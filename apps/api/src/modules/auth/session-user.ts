import {
  audienceOf,
  scopeOf,
  type AccessSubject,
  type Audience,
  type ScopeSubject,
  type TenantScope,
} from '@krowd/domain/access/access.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import type { UserAccount } from '../../http/caller.ts';

export function accessSubjectOf(account: UserAccount): ScopeSubject {
  return {
    entityType: account.entity_type,
    role: account.role,
    isClientAdmin: account.is_client_admin,
    guestUser: account.guest_user,
    guestUserFlag: account.guest_user_flag,
    isFirstLogin: account.is_first_login,
    brandId: account.brand_id,
    groupId: account.effective_group_id,
    bankId: account.bank_id,
    bankBrandIds: account.bank_brand_ids ?? [],
  };
}

export function audienceOfAccount(account: UserAccount): Audience {
  return audienceOf(accessSubjectOf(account) satisfies AccessSubject);
}

export function scopeOfAccount(account: UserAccount): TenantScope {
  return scopeOf(accessSubjectOf(account));
}

/** The session user of spec 1 §3 (an allowlist: no hash, token or internal column leaves here). */
export function toSessionUser(
  account: UserAccount,
  brands: { id: string; name: string }[],
): Omit<SessionUser, 'source'> {
  const displayName = `${account.first_name} ${account.last_name}`.trim();
  const entityName = entityNameOf(account, displayName);
  return {
    _id: account.id,
    email: account.email,
    firstName: account.first_name,
    lastName: account.last_name,
    displayName,
    phone: account.phone,
    photo: account.photo,
    role: account.role,
    entityType: account.entity_type,
    entity: { name: entityName },
    brandId: account.brand_id,
    brandObjId: account.brand_id,
    brandName: account.brand_name,
    brandIds: brands.map((brand) => ({ brandId: brand.id, brandName: brand.name })),
    groupId: account.effective_group_id,
    groupName: account.group_name,
    bankId: account.bank_id,
    bankName: account.bank_name,
    isBankAdmin: account.is_bank_admin,
    isClientAdmin: account.is_client_admin,
    isInternalDemo: account.is_internal_demo,
    isFirstLogin: account.is_first_login,
    isTAndCAccepted: account.is_t_and_c_accepted,
    guestUser: account.guest_user,
    guestUserFlag: account.guest_user_flag,
    stepOne: account.step_one,
    stepTwo: account.step_two,
    stepThree: account.step_three,
    proceesCompleted: account.process_completed,
    step: account.step,
    stepOneData: account.step_one_data ?? null,
    __v: account.version,
  };
}

/** The name the header shows: the user's bank, brand or group, or what an operator is. */
function entityNameOf(account: UserAccount, displayName: string): string {
  if (account.entity_type === 'systemadmin') return 'System Admin';
  if (account.entity_type === 'bank') return account.bank_name ?? displayName;
  if (account.is_client_admin) return 'Client Admin';
  return account.brand_name ?? account.group_name ?? displayName;
}
