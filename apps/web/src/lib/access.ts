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
