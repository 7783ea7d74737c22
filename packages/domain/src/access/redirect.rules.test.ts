import { describe, expect, it } from 'vitest';
import { audienceOf, brandRoles, canOpen, type AccessSubject, type Audience } from './access.rules.ts';
import { pageAfter, redirectsAfter, type RedirectAfter } from './redirect.rules.ts';

const audiences = [
  'systemadmin',
  'bank',
  'cardprovider',
  'clientAdmin',
  'guest',
  ...brandRoles,
] as const satisfies readonly Audience[];

function subjectOf(audience: Audience, isFirstLogin: boolean): AccessSubject {
  const base = {
    entityType: 'brand' as const,
    role: 'user' as const,
    isClientAdmin: false,
    guestUser: false,
    guestUserFlag: false,
    isFirstLogin,
  };
  switch (audience) {
    case 'systemadmin':
    case 'bank':
    case 'cardprovider':
      return { ...base, entityType: audience, role: null };
    case 'clientAdmin':
      return { ...base, isClientAdmin: true };
    case 'guest':
      return { ...base, guestUser: true, guestUserFlag: true };
    default:
      return { ...base, role: audience };
  }
}

const actions = Object.keys(redirectsAfter) as RedirectAfter[];
const cases = actions.flatMap((action) =>
  audiences.flatMap((audience) => [false, true].map((isFirstLogin) => ({ action, audience, isFirstLogin }))),
);

describe('pageAfter (spec 1 §2 "Other redirects")', () => {
  it.each(cases)(
    'sends $audience (first login $isFirstLogin) after $action to a page it may open',
    ({ action, audience, isFirstLogin }) => {
      const subject = subjectOf(audience, isFirstLogin);
      expect(audienceOf(subject)).toBe(audience);
      expect(canOpen(audience, pageAfter(action, subject))).toBe(true);
    },
  );

  it("keeps the spec's page for whoever may open it", () => {
    expect(pageAfter('campaignSaved', subjectOf('companyAdmin', false))).toBe('campaignsFuture');
    expect(pageAfter('goToBranches', subjectOf('brandAdmin', false))).toBe('branches');
    expect(pageAfter('onboardingCompleted', subjectOf('companyAdmin', false))).toBe('dashboard');
  });

  it('sends a card provider who saved a campaign to a new campaign form, its default page', () => {
    expect(pageAfter('campaignSaved', subjectOf('cardprovider', false))).toBe('campaignsCreate');
  });
});
