import {
  audienceOf,
  mayOpen,
  type AccessSubject,
  type Audience,
  type PageKey,
} from '@krowd/domain/access/access.rules';
import { pageAfter, type RedirectAfter } from '@krowd/domain/access/redirect.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { paths } from '@/config/paths';

/** The session user as the permission table sees them. */
export function subjectOf(user: SessionUser): AccessSubject {
  return {
    entityType: user.entityType,
    role: user.role,
    isClientAdmin: user.isClientAdmin,
    guestUser: user.guestUser,
    guestUserFlag: user.guestUserFlag,
    isFirstLogin: user.isFirstLogin,
    isBankAdmin: user.isBankAdmin ?? false,
  };
}

export function audienceOfUser(user: SessionUser): Audience {
  return audienceOf(subjectOf(user));
}

/** Whether the user may open the page: their audience and the role the page asks of it. */
export function userMayOpen(user: SessionUser, page: PageKey): boolean {
  return mayOpen(subjectOf(user), page);
}

/** The user's brands as a brand selector lists them. */
export function brandOptionsOf(user: SessionUser): { value: string; label: string }[] {
  return user.brandIds.map((brand) => ({ value: brand.brandId, label: brand.brandName }));
}

/** Where the app goes after the action, for this user: a page they may open (spec 1 §2 'Other redirects'). */
export function pathAfter(action: RedirectAfter, user: SessionUser): string {
  return paths.page(pageAfter(action, subjectOf(user)));
}
