import { defaultPageFor, mayOpen, type AccessSubject, type PageKey } from './access.rules.ts';

/**
 * Where the app goes after an action (spec 1 §2 'Other redirects'): the spec's page, for an audience
 * that may open it (the permission table's pages, spec 3 §2.9); anyone else goes to their own
 * default page, never to a page they may not open (a card provider creates campaigns but has no
 * Future list, so after Submit it lands on a new campaign form, not on Page Not Found).
 */
export const redirectsAfter = {
  /** A campaign created or updated (spec 1 §2). */
  campaignSaved: 'campaignsFuture',
  /** Go to Branches or Add Branch on the campaign form (spec 1 §2). */
  goToBranches: 'branches',
  /** The onboarding train completed (spec 1 §2, spec 2 §2.11). */
  onboardingCompleted: 'dashboard',
} as const satisfies Record<string, PageKey>;

export type RedirectAfter = keyof typeof redirectsAfter;

/** The page the app goes to after the action, for this user. */
export function pageAfter(action: RedirectAfter, subject: AccessSubject): PageKey {
  const page = redirectsAfter[action];
  return mayOpen(subject, page) ? page : defaultPageFor(subject);
}
