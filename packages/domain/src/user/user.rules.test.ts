import { describe, expect, it } from 'vitest';
import type { Audience, BrandRole } from '../access/access.rules.ts';
import {
  assignableRoles,
  canManageUser,
  needsBrandChoice,
  roleChoices,
  roleRefusal,
  userActions,
  type ManagedUser,
  type UserManager,
} from './user.rules.ts';

const brandA = 'brand-a';
const brandB = 'brand-b';
const groupBrand = 'brand-g1';
const group = 'group-1';
const otherGroup = 'group-2';
const bank = 'bank-1';

const manager = (audience: Audience, where: Partial<UserManager> = {}): UserManager => ({
  id: `me-${audience}`,
  audience,
  brandId: null,
  groupId: null,
  bankId: null,
  isBankAdmin: false,
  ...where,
});

const brandUser = (role: BrandRole, brandId: string, groupId: string | null = null): ManagedUser => ({
  id: `${role}-${brandId}`,
  entityType: 'brand',
  role,
  brandId,
  groupId,
  bankId: null,
});

const targets = {
  brandAUser: brandUser('user', brandA),
  brandBAdmin: brandUser('brandAdmin', brandB),
  groupBrandFinance: brandUser('brandUser', groupBrand, group),
  groupAdmin: { ...brandUser('groupAdmin', groupBrand, group), brandId: null },
  otherGroupUser: { ...brandUser('groupUser', 'x', otherGroup), brandId: null },
  bankUser: { id: 'bank-user', entityType: 'bank', role: null, brandId: null, groupId: null, bankId: bank },
  otherBankUser: { id: 'other', entityType: 'bank', role: null, brandId: null, groupId: null, bankId: 'b2' },
  cardProviderOfA: { ...brandUser('user', brandA), entityType: 'cardprovider', role: null },
} satisfies Record<string, ManagedUser>;
type TargetName = keyof typeof targets;

const managers = {
  'companyAdmin of A': manager('companyAdmin', { brandId: brandA }),
  'brandAdmin of A': manager('brandAdmin', { brandId: brandA }),
  'brandAdmin of a group brand': manager('brandAdmin', { brandId: groupBrand, groupId: group }),
  'groupAdmin of the group': manager('groupAdmin', { groupId: group }),
  'bank admin': manager('bank', { bankId: bank, isBankAdmin: true }),
  'bank user': manager('bank', { bankId: bank }),
  'plain user of A': manager('user', { brandId: brandA }),
  'brand finance of A': manager('brandUser', { brandId: brandA }),
  'system admin': manager('systemadmin'),
} satisfies Record<string, UserManager>;
type ManagerName = keyof typeof managers;

describe('canManageUser', () => {
  const reach: Record<ManagerName, TargetName[]> = {
    'companyAdmin of A': ['brandAUser'],
    'brandAdmin of A': ['brandAUser'],
    'brandAdmin of a group brand': ['groupBrandFinance'],
    'groupAdmin of the group': ['groupBrandFinance', 'groupAdmin'],
    'bank admin': ['bankUser'],
    'bank user': [],
    'plain user of A': [],
    'brand finance of A': [],
    'system admin': [],
  };
  const cases = Object.entries(reach).flatMap(([who, reached]) =>
    (Object.keys(targets) as TargetName[]).map((target) => ({
      who: who as ManagerName,
      target,
      manages: reached.includes(target),
    })),
  );

  it.each(cases)('$who manages $target: $manages', ({ who, target, manages }) => {
    expect(canManageUser(managers[who], targets[target])).toBe(manages);
  });
});

describe('userActions', () => {
  it('gives a manager edit and delete on a user within reach', () => {
    expect(userActions(managers['brandAdmin of A'], targets.brandAUser)).toEqual(['edit', 'delete']);
  });

  it('lets a manager edit but never delete themselves', () => {
    const me = managers['brandAdmin of A'];
    expect(userActions(me, { ...brandUser('brandAdmin', brandA), id: me.id })).toEqual(['edit']);
  });

  it.each(['plain user of A', 'brand finance of A', 'bank user', 'system admin'] as const)(
    'gives %s no action icons at all',
    (who) => {
      for (const target of Object.values(targets)) expect(userActions(managers[who], target)).toEqual([]);
    },
  );

  it('gives nothing on a user of another tenant', () => {
    expect(userActions(managers['brandAdmin of A'], targets.brandBAdmin)).toEqual([]);
    expect(userActions(managers['bank admin'], targets.otherBankUser)).toEqual([]);
  });
});

describe('role choices', () => {
  it.each<{ who: ManagerName; settings: BrandRole[]; onboarding: BrandRole[] }>([
    { who: 'companyAdmin of A', settings: ['brandAdmin', 'brandUser'], onboarding: ['companyAdmin', 'user'] },
    { who: 'brandAdmin of A', settings: ['brandAdmin', 'brandUser'], onboarding: ['companyAdmin', 'user'] },
    {
      who: 'brandAdmin of a group brand',
      settings: ['brandAdmin', 'brandUser'],
      onboarding: ['companyAdmin', 'user'],
    },
    {
      who: 'groupAdmin of the group',
      settings: ['brandAdmin', 'brandUser', 'groupAdmin', 'groupUser'],
      onboarding: ['companyAdmin', 'user'],
    },
    { who: 'bank admin', settings: [], onboarding: [] },
    { who: 'plain user of A', settings: [], onboarding: [] },
    { who: 'system admin', settings: [], onboarding: [] },
  ])('offers $who $settings in settings and $onboarding in the wizard', ({ who, settings, onboarding }) => {
    expect(roleChoices('settings', managers[who])).toEqual(settings);
    expect(roleChoices('onboarding', managers[who])).toEqual(onboarding);
  });

  it("keeps the edited user's current role among the choices so it shows", () => {
    expect(roleChoices('settings', managers['brandAdmin of A'], 'user')).toEqual([
      'brandAdmin',
      'brandUser',
      'user',
    ]);
  });

  it('lets only a group admin give group roles', () => {
    expect(assignableRoles(managers['brandAdmin of a group brand'])).not.toContain('groupAdmin');
    expect(assignableRoles(managers['groupAdmin of the group'])).toContain('groupAdmin');
  });

  it('asks a group admin for the brand when it gives a brand role, not a group role', () => {
    const groupAdmin = managers['groupAdmin of the group'];
    expect(needsBrandChoice(groupAdmin, 'brandAdmin')).toBe(true);
    expect(needsBrandChoice(groupAdmin, 'brandUser')).toBe(true);
    expect(needsBrandChoice(groupAdmin, 'groupUser')).toBe(false);
    expect(needsBrandChoice(managers['brandAdmin of A'], 'brandAdmin')).toBe(false);
  });
});

describe('roleRefusal', () => {
  const brandAdmin = managers['brandAdmin of A'];
  const me = { ...brandUser('brandAdmin', brandA), id: brandAdmin.id };

  it.each<{ about: string; target: ManagedUser | null; role: BrandRole; refusal: string | null }>([
    { about: 'a new Brand Finance user', target: null, role: 'brandUser', refusal: null },
    {
      about: 'a new Group Admin by a brand admin',
      target: null,
      role: 'groupAdmin',
      refusal: 'notAssignable',
    },
    {
      about: 'promoting a user to Brand Admin',
      target: targets.brandAUser,
      role: 'brandAdmin',
      refusal: null,
    },
    { about: 'keeping their own role', target: me, role: 'brandAdmin', refusal: null },
    { about: 'demoting themselves', target: me, role: 'brandUser', refusal: 'ownRole' },
  ])('$about: $refusal', ({ target, role, refusal }) => {
    expect(roleRefusal(brandAdmin, target, role)).toBe(refusal);
  });

  it('refuses a bank user any role', () => {
    expect(roleRefusal(managers['bank admin'], null, 'user')).toBe('notAssignable');
  });
});
