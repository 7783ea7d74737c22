import { audienceOf, type AccessSubject, type Audience } from '@krowd/domain/access/access.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';

/** The session user as the permission table sees them. */
export function subjectOf(user: SessionUser): AccessSubject {
  return {
    entityType: user.entityType,
    role: user.role,
    isClientAdmin: user.isClientAdmin,
    guestUser: user.guestUser,
    guestUserFlag: user.guestUserFlag,
    isFirstLogin: user.isFirstLogin,
  };
}

export function audienceOfUser(user: SessionUser): Audience {
  return audienceOf(subjectOf(user));
}

/** The user's brands as a brand selector lists them. */
export function brandOptionsOf(user: SessionUser): { value: string; label: string }[] {
  return user.brandIds.map((brand) => ({ value: brand.brandId, label: brand.brandName }));
}
