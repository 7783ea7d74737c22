import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  brandRoles,
  can,
  canOpen,
  capabilities,
  defaultPageFor,
  mayOpen,
  pagePath,
  pages,
  rolesOf,
  scopeOf,
  type AccessSubject,
  type Audience,
  type Capability,
  type PageKey,
  type ScopeSubject,
} from './access.rules.ts';

const audiences = [
  'systemadmin',
  'bank',
  'cardprovider',
  'clientAdmin',
  'guest',
  ...brandRoles,
] as const satisfies readonly Audience[];
const pageKeys = Object.keys(pages) as PageKey[];

const subject = (overrides: Partial<AccessSubject> = {}): AccessSubject => ({
  entityType: 'brand',
  role: 'user',
  isClientAdmin: false,
  guestUser: false,
  guestUserFlag: false,
  isFirstLogin: false,
  ...overrides,
});

/** A subject who falls in the given audience. */
function subjectOf(audience: Audience, overrides: Partial<AccessSubject> = {}): AccessSubject {
  switch (audience) {
    case 'systemadmin':
    case 'bank':
    case 'cardprovider':
      return subject({ entityType: audience, role: null, ...overrides });
    case 'clientAdmin':
      return subject({ isClientAdmin: true, ...overrides });
    case 'guest':
      return subject({ guestUser: true, guestUserFlag: true, ...overrides });
    default:
      return subject({ role: audience, ...overrides });
  }
}

describe('audienceOf', () => {
  it.each([
    {
      who: 'a system admin',
      s: subject({ entityType: 'systemadmin', role: null }),
      audience: 'systemadmin',
    },
    { who: 'a bank user', s: subject({ entityType: 'bank', role: null }), audience: 'bank' },
    {
      who: 'a card provider',
      s: subject({ entityType: 'cardprovider', role: null }),
      audience: 'cardprovider',
    },
    {
      who: 'a bank user with the client-admin flag',
      s: subject({ entityType: 'bank', isClientAdmin: true }),
      audience: 'bank',
    },
    {
      who: 'a system admin with both guest flags',
      s: subject({ entityType: 'systemadmin', guestUser: true, guestUserFlag: true }),
      audience: 'systemadmin',
    },
    { who: 'a brand user without a role', s: subject({ role: null }), audience: 'user' },
    {
      who: 'a client admin',
      s: subject({ role: 'brandAdmin', isClientAdmin: true }),
      audience: 'clientAdmin',
    },
    {
      who: 'a guest (guestUser and guestUserFlag)',
      s: subject({ guestUser: true, guestUserFlag: true }),
      audience: 'guest',
    },
    { who: 'a brand user with only guestUser', s: subject({ guestUser: true }), audience: 'user' },
    {
      who: 'a brand user with only guestUserFlag',
      s: subject({ guestUserFlag: true }),
      audience: 'user',
    },
    {
      who: 'a guest who also carries the client-admin flag',
      s: subject({ guestUser: true, guestUserFlag: true, isClientAdmin: true }),
      audience: 'guest',
    },
  ])('places $who in $audience', ({ s, audience }) => {
    expect(audienceOf(s)).toBe(audience);
  });

  it.each(brandRoles)('places a brand user with the role %s in that role', (role) => {
    expect(audienceOf(subject({ role }))).toBe(role);
  });
});

describe('defaultPageFor', () => {
  it.each([
    { audience: 'systemadmin', page: 'banksList', path: '/user/banks/list' },
    { audience: 'bank', page: 'dashboard', path: '/user/dashboard' },
    { audience: 'clientAdmin', page: 'dashboard', path: '/user/dashboard' },
    { audience: 'groupUser', page: 'dashboard', path: '/user/dashboard' },
    { audience: 'brandUser', page: 'dashboard', path: '/user/dashboard' },
    { audience: 'user', page: 'campaignsFuture', path: '/user/campaigns/future' },
    { audience: 'companyAdmin', page: 'campaignsFuture', path: '/user/campaigns/future' },
    { audience: 'groupAdmin', page: 'campaignsFuture', path: '/user/campaigns/future' },
    { audience: 'brandAdmin', page: 'campaignsFuture', path: '/user/campaigns/future' },
    { audience: 'cardprovider', page: 'campaignsCreate', path: '/user/campaigns/create' },
    { audience: 'guest', page: 'campaignsCreate', path: '/user/campaigns/create' },
  ] as const)('sends $audience from /user to $path', ({ audience, page, path }) => {
    expect(defaultPageFor(subjectOf(audience))).toBe(page);
    expect(pagePath(page)).toBe(path);
  });

  it.each(['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'] as const)(
    'sends %s to create a campaign on the first login',
    (audience) => {
      expect(defaultPageFor(subjectOf(audience, { isFirstLogin: true }))).toBe('campaignsCreate');
    },
  );

  it.each(['systemadmin', 'bank', 'clientAdmin', 'groupUser', 'brandUser'] as const)(
    'ignores the first login for %s',
    (audience) => {
      expect(defaultPageFor(subjectOf(audience, { isFirstLogin: true }))).toBe(
        defaultPageFor(subjectOf(audience)),
      );
    },
  );

  it.each(audiences)('sends %s to a page it may open', (audience) => {
    for (const isFirstLogin of [false, true]) {
      expect(canOpen(audience, defaultPageFor(subjectOf(audience, { isFirstLogin })))).toBe(true);
    }
  });
});

/**
 * The route table of spec 3 §2.9 per audience, with the additions the spec implies or we chose,
 * each marked. canOpen must say yes to exactly these pages and no to every other.
 */
const userRoutes: PageKey[] = [
  'payments',
  'campaignsCreate',
  'campaignsCreatePreview',
  'profile',
  'changePassword',
  'campaignsFuture',
  'campaignsEdit',
  'dashboard',
  'campaignsPast',
  'campaignsCurrent',
  'campaignsReport',
  'campaignsOverview',
  'users',
  'manageCreative',
  'ingestionLogs',
  'invoices',
  'campaignOverviewEdit',
  // Addition: "other routes seen" in spec 3 §2.9.
  'campaignsPrint',
  // Addition: spec 2 §2.2 opens the preview from campaign-overview/edit, which these roles have.
  'campaignsPreview',
  // Addition: missing-transaction claims of the brand's (decision 0108).
  'claims',
];
// Addition: webhook endpoints for the brand's campaigns (decision 0097).
const adminRoutes: PageKey[] = [
  ...userRoutes,
  'socialAnalytics',
  'branches',
  'webhooks',
  'publisherIntegration',
  // Addition: the brand's audit log (decision 0113).
  'auditLog',
];
const financeRoutes: PageKey[] = ['profile', 'changePassword', 'dashboard', 'invoices', 'campaignsPrint'];

const routeTable: Record<Audience, PageKey[]> = {
  systemadmin: [
    'campaignOverviewEdit',
    'campaignOverviewManager',
    'profile',
    'campaignsFuture',
    'campaignsPast',
    'campaignsCurrent',
    'campaignsReport',
    'campaignsPreview',
    'campaignsOverview',
    'merchants',
    'socialAnalytics',
    'banksList', // the default
    // Additions: print (spec 3 "other routes seen"), a password of one's own, the mail outbox.
    'campaignsPrint',
    'changePassword',
    'outbox',
    // Addition: the stored settings the system admin changes (decision 0115's midSilentDays).
    'productSettings',
    // Addition: the console's ingestion upload lives on the Ingestion Logs page.
    'ingestionLogs',
    // Addition: the leads of the public card-network pages.
    'cardNetworkLeads',
    // Addition: groups created in the product, not by SQL.
    'groupsList',
    // Addition: outbound webhook endpoints (decision 0097).
    'webhooks',
    // Addition: any publisher's API keys (decision 0089).
    'publisherKeys',
    'publisherIntegration',
    // Addition: publishers, their code, name and linked brands (decision 0088).
    'publishersList',
    // Addition: the queue of missing-transaction claims to resolve (decision 0108).
    'claims',
    // Addition: any publisher's settlement files (decision 0107).
    'settlementFiles',
    // Addition: every brand's audit log (decision 0113).
    'auditLog',
  ],
  bank: [
    'campaignsPast',
    'campaignsCurrent',
    'profile',
    'campaignsOverview',
    'campaignsReport',
    'dashboard',
    'merchants',
    'manageCreative',
    'ingestionLogs',
    // From the bank's side navigation, spec 2 §2.1.
    'bankUsers',
    'myBank',
    // Additions: print (spec 3 "other routes seen"), a password of one's own.
    'campaignsPrint',
    'changePassword',
    // Addition: the Templates Confirmation modals of spec 3 §2.1 live on the Future list.
    'campaignsFuture',
    // Addition: a publisher's bank admins register its webhook endpoints (decision 0097).
    'webhooks',
    // Addition: and make, rotate and revoke its API keys (decision 0089).
    'publisherKeys',
    'publisherIntegration',
    // Addition: and read its settlement files (decision 0107).
    'settlementFiles',
  ],
  user: userRoutes,
  companyAdmin: adminRoutes,
  groupAdmin: adminRoutes,
  brandAdmin: adminRoutes,
  groupUser: financeRoutes,
  brandUser: financeRoutes,
  // Spec 1 §6: card providers have Create Campaign; guests are in the onboarding flow on it.
  cardprovider: ['campaignsCreate', 'campaignsCreatePreview'],
  guest: ['campaignsCreate', 'campaignsCreatePreview'],
  // Ours (spec 3 §6 gives client admins the dashboard's group and brand filters).
  clientAdmin: ['dashboard', 'campaignsOverview', 'campaignsPrint', 'profile', 'changePassword'],
};

describe('canOpen', () => {
  describe.each(audiences)('for %s', (audience) => {
    it.each(pageKeys)('%s follows the route table', (page) => {
      expect(canOpen(audience, page)).toBe(routeTable[audience].includes(page));
    });
  });

  const whoCanOpen = (page: PageKey) => new Set(audiences.filter((audience) => canOpen(audience, page)));

  it.each([
    { page: 'branches', who: ['companyAdmin', 'groupAdmin', 'brandAdmin'] },
    { page: 'merchants', who: ['systemadmin', 'bank'] },
    { page: 'socialAnalytics', who: ['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin'] },
    { page: 'payments', who: ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'] },
    { page: 'users', who: ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'] },
    { page: 'campaignOverviewManager', who: ['systemadmin'] },
    { page: 'banksList', who: ['systemadmin'] },
    { page: 'groupsList', who: ['systemadmin'] },
    { page: 'outbox', who: ['systemadmin'] },
    { page: 'productSettings', who: ['systemadmin'] },
    { page: 'cardNetworkLeads', who: ['systemadmin'] },
    { page: 'webhooks', who: ['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin', 'bank'] },
    { page: 'myBank', who: ['bank'] },
    { page: 'bankUsers', who: ['bank'] },
    { page: 'publisherKeys', who: ['systemadmin', 'bank'] },
    { page: 'settlementFiles', who: ['systemadmin', 'bank'] },
    { page: 'publishersList', who: ['systemadmin'] },
    { page: 'claims', who: ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin'] },
    { page: 'auditLog', who: ['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin'] },
    {
      page: 'publisherIntegration',
      who: ['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin', 'bank'],
    },
  ] as const)('lets only $who open $page', ({ page, who }) => {
    expect(whoCanOpen(page)).toEqual(new Set(who));
  });

  it.each(['groupUser', 'brandUser'] as const)(
    'lets %s open only profile, password, dashboard, invoices and print',
    (audience) => {
      expect(new Set(pageKeys.filter((page) => canOpen(audience, page)))).toEqual(
        new Set(['profile', 'changePassword', 'dashboard', 'invoices', 'campaignsPrint']),
      );
    },
  );

  it('keeps every page under /user', () => {
    for (const page of pageKeys) expect(pages[page].path).toMatch(/^\/user\//);
  });
});

describe('mayOpen: the audience and the role a page asks of it', () => {
  const bankAdmin = subjectOf('bank', { isBankAdmin: true });
  const bankUser = subjectOf('bank', { isBankAdmin: false });

  it.each(['publisherKeys', 'webhooks', 'publisherIntegration', 'settlementFiles'] as const)(
    "opens %s to a bank's admin, not to its other users (the API answers them 403)",
    (page) => {
      expect(rolesOf(bankAdmin)).toEqual(['bankAdmin']);
      expect(mayOpen(bankAdmin, page)).toBe(true);
      expect(mayOpen(bankUser, page)).toBe(false);
    },
  );

  it('asks no role of the audiences a page does not name: the system admin and brand admins', () => {
    expect(mayOpen(subjectOf('systemadmin'), 'publisherKeys')).toBe(true);
    expect(mayOpen(subjectOf('brandAdmin'), 'webhooks')).toBe(true);
    expect(mayOpen(subjectOf('brandAdmin'), 'publisherIntegration')).toBe(true);
  });

  it('gives the bank-admin role to bank users only', () => {
    expect(rolesOf(subjectOf('brandAdmin', { isBankAdmin: true }))).toEqual([]);
  });

  it('still refuses an audience the page does not list, whatever its role', () => {
    expect(mayOpen(subjectOf('user'), 'publisherKeys')).toBe(false);
  });

  it('leaves every page a bank user opens without a role open to them', () => {
    for (const page of pageKeys.filter((key) => canOpen('bank', key))) {
      const roles = (pages[page] as { roles?: Record<string, string> }).roles;
      expect({ page, open: mayOpen(bankUser, page) }).toEqual({ page, open: roles?.bank === undefined });
    }
  });
});

describe('pagePath', () => {
  it.each(pageKeys.filter((page) => !/:[^/?]+(\/|$)/.test(pages[page].path)))(
    'gives %s a path with no parameter left in it',
    (page) => {
      expect(pagePath(page)).not.toContain(':');
    },
  );

  it('drops optional parameters that are not given', () => {
    expect(pagePath('dashboard')).toBe('/user/dashboard');
    expect(pagePath('campaignsPrint', { id: '7' })).toBe('/user/campaigns/print/7');
  });

  it('substitutes the parameters that are given', () => {
    expect(pagePath('dashboard', { id: 'b1' })).toBe('/user/dashboard/b1');
    expect(pagePath('campaignsReport', { id: '42' })).toBe('/user/campaigns/reports/42');
    expect(pagePath('campaignsPrint', { id: '7', start_date: '2025-01-01', end_date: '2025-01-31' })).toBe(
      '/user/campaigns/print/7/2025-01-01/2025-01-31',
    );
  });

  it('encodes parameter values', () => {
    expect(pagePath('campaignsReport', { id: 'a b/c?d#e' })).toBe(
      '/user/campaigns/reports/a%20b%2Fc%3Fd%23e',
    );
  });

  it.each(['campaignsReport', 'campaignsPreview', 'campaignsPrint', 'campaignOverviewEdit'] as const)(
    'throws when %s is asked for without its id',
    (page) => {
      expect(() => pagePath(page)).toThrow(`pagePath(${page}) needs the parameter id`);
    },
  );

  it('ignores parameters the path does not have', () => {
    expect(pagePath('profile', { id: 'x' })).toBe('/user/settings/profile');
  });
});

describe('can', () => {
  const signedIn = audiences;
  const capabilityTable: Record<Capability, readonly Audience[]> = {
    'session.own': signedIn,
    'password.change': signedIn.filter((audience) => audience !== 'guest'),
    'mfa.manage': signedIn.filter((audience) => audience !== 'guest'),
    'users.read': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin', 'bank'],
    'users.manage': ['companyAdmin', 'groupAdmin', 'brandAdmin', 'bank'],
    'brands.read': signedIn,
    'banks.read': ['systemadmin', 'bank'],
    'banks.list': ['systemadmin'],
    'banks.manage': ['bank'],
    'banks.create': ['systemadmin'],
    'banks.links': ['systemadmin'],
    'groups.create': ['systemadmin'],
    'clientLists.create': ['clientAdmin'],
    'profile.update': signedIn.filter((audience) => audience !== 'guest' && audience !== 'cardprovider'),
    'account.deactivate': signedIn.filter(
      (audience) => audience !== 'guest' && audience !== 'cardprovider' && audience !== 'systemadmin',
    ),
    'outbox.read': ['systemadmin'],
    'settings.manage': ['systemadmin'],
    'cardNetworkLeads.read': ['systemadmin'],
    'branches.read': signedIn,
    'branches.manage': ['companyAdmin', 'groupAdmin', 'brandAdmin', 'guest'],
    'branches.review': ['systemadmin', 'bank'],
    'branches.remove': ['companyAdmin', 'groupAdmin', 'brandAdmin', 'guest', 'systemadmin'],
    'branches.decide': ['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin', 'bank'],
    'distributors.read': signedIn,
    'groupBrands.read': signedIn,
    'campaigns.read': signedIn,
    'campaigns.create': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'cardprovider', 'guest'],
    'campaigns.edit': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'],
    'assets.manage': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'bank'],
    'assets.read': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'cardprovider', 'guest', 'bank'],
    'assets.campaignUpload': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'cardprovider', 'guest'],
    'files.read': signedIn,
    'campaigns.review': ['bank', 'systemadmin'],
    'invoices.read': [
      'user',
      'companyAdmin',
      'groupAdmin',
      'brandAdmin',
      'groupUser',
      'brandUser',
      'clientAdmin',
    ],
    'ingestionLogs.read': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'bank', 'systemadmin'],
    'ingestionLogs.upload': ['systemadmin'],
    'overview.manage': ['systemadmin'],
    'overview.read': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin'],
    'overview.edit': ['systemadmin'],
    'onboarding.progress': ['guest'],
    'payments.manage': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'guest'],
    'payments.simulate': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'guest', 'systemadmin'],
    'insights.read': ['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin', 'clientAdmin'],
    'reviews.manage': ['systemadmin'],
    'publishers.manage': ['systemadmin'],
    'publisherKeys.manage': ['systemadmin', 'bank'],
    'settlements.read': ['systemadmin', 'bank'],
    'webhooks.manage': ['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin', 'bank'],
    'claims.read': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin'],
    'claims.file': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'],
    'claims.resolve': ['systemadmin'],
    'audit.read': ['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin'],
    'ingestionLogs.date': [
      'user',
      'companyAdmin',
      'groupAdmin',
      'brandAdmin',
      'groupUser',
      'brandUser',
      'bank',
      'clientAdmin',
      'systemadmin',
    ],
    'campaigns.simulate': ['systemadmin'],
    'campaigns.backtest': ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'],
    'dashboard.read': [
      'user',
      'companyAdmin',
      'groupAdmin',
      'brandAdmin',
      'groupUser',
      'brandUser',
      'bank',
      'clientAdmin',
      'systemadmin',
    ],
    'dashboard.export': [
      'user',
      'companyAdmin',
      'groupAdmin',
      'brandAdmin',
      'groupUser',
      'brandUser',
      'bank',
      'clientAdmin',
    ],
    // The dashboard's readers but banks (docs/decisions/0130).
    'dashboard.reasons': [
      'user',
      'companyAdmin',
      'groupAdmin',
      'brandAdmin',
      'groupUser',
      'brandUser',
      'clientAdmin',
      'systemadmin',
    ],
    'templates.read': [
      'user',
      'companyAdmin',
      'groupAdmin',
      'brandAdmin',
      'cardprovider',
      'guest',
      'bank',
      'systemadmin',
    ],
  };

  // The screens that draw dashboard figures call POST /api/dashboard/client: whoever may open one
  // must be let through, or the page only ever says 'You do not have access to this.'.
  it.each(['dashboard', 'campaignsReport', 'campaignsPrint'] as const)(
    'lets every audience of %s read the dashboard figures it draws',
    (page) => {
      for (const audience of pages[page].audiences) expect(can(audience, 'dashboard.read')).toBe(true);
    },
  );

  it('covers every capability', () => {
    expect(Object.keys(capabilityTable).sort()).toEqual(Object.keys(capabilities).sort());
  });

  describe.each(Object.keys(capabilityTable) as Capability[])('%s', (capability) => {
    it.each(audiences)('for %s follows the table', (audience) => {
      expect(can(audience, capability)).toBe(capabilityTable[capability].includes(audience));
    });
  });
});

describe('scopeOf', () => {
  const ids = { brandId: 'b1', groupId: 'g1', bankId: 'k1', bankBrandIds: ['b2', 'b3'] };
  const noIds = { brandId: null, groupId: null, bankId: null, bankBrandIds: [] };
  const scoped = (
    audience: Audience,
    given: Pick<ScopeSubject, 'brandId' | 'groupId' | 'bankId' | 'bankBrandIds'>,
  ): ScopeSubject => ({
    ...subjectOf(audience),
    ...given,
  });

  it.each(['systemadmin', 'clientAdmin'] as const)(
    'lets %s see everything, with or without ids',
    (audience) => {
      expect(scopeOf(scoped(audience, ids))).toEqual({ kind: 'all' });
      expect(scopeOf(scoped(audience, noIds))).toEqual({ kind: 'all' });
    },
  );

  it.each(['groupAdmin', 'groupUser'] as const)('scopes %s to the group', (audience) => {
    expect(scopeOf(scoped(audience, ids))).toEqual({ kind: 'group', groupId: 'g1' });
  });

  it.each(['groupAdmin', 'groupUser'] as const)('scopes %s without a group to its own brand', (audience) => {
    expect(scopeOf(scoped(audience, { ...ids, groupId: null }))).toEqual({
      kind: 'brand',
      brandId: 'b1',
    });
  });

  it.each(['user', 'companyAdmin', 'brandAdmin', 'brandUser', 'guest', 'cardprovider'] as const)(
    'scopes %s to the brand, even with a group id',
    (audience) => {
      expect(scopeOf(scoped(audience, ids))).toEqual({ kind: 'brand', brandId: 'b1' });
    },
  );

  it("scopes a bank user to the bank's linked brands, never to a brand of its own", () => {
    expect(scopeOf(scoped('bank', ids))).toEqual({ kind: 'bank', bankId: 'k1', brandIds: ['b2', 'b3'] });
    expect(scopeOf(scoped('bank', { ...ids, bankId: null }))).toEqual({ kind: 'none' });
  });

  it.each(audiences.filter((audience) => audience !== 'systemadmin' && audience !== 'clientAdmin'))(
    'gives %s nothing when its ids are missing',
    (audience) => {
      expect(scopeOf(scoped(audience, noIds))).toEqual({ kind: 'none' });
    },
  );
});

describe('fixed: pagePath with a gap in optional segments', () => {
  it("refuses an end date without a start date rather than putting it in the start date's place", () => {
    expect(() => pagePath('campaignsPrint', { id: '7', end_date: '2025-01-31' })).toThrow(/start_date/);
  });
});
