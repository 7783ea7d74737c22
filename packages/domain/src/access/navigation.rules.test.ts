import { describe, expect, it } from 'vitest';
import { brandRoles, canOpen, mayOpen, pagePath, type AccessSubject, type Audience } from './access.rules.ts';
import { navigationFor, type NavItem } from './navigation.rules.ts';

const audiences = [
  'systemadmin',
  'bank',
  'cardprovider',
  'clientAdmin',
  'guest',
  ...brandRoles,
] as const satisfies readonly Audience[];

/** A subject who falls in the given audience. */
function subjectOf(audience: Audience): AccessSubject {
  const base: AccessSubject = {
    entityType: 'brand',
    role: 'user',
    isClientAdmin: false,
    guestUser: false,
    guestUserFlag: false,
    isFirstLogin: false,
  };
  switch (audience) {
    case 'bank':
      // A bank's admin: the bank users who are not are the tests' own subject (bankUser below).
      return { ...base, entityType: audience, role: null, isBankAdmin: true };
    case 'systemadmin':
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

/** A nav item as the spec writes it: label and path. */
const shown = (items: NavItem[]) => items.map((item) => [item.label, pagePath(item.page)]);

const myProfile = ['My Profile', '/user/settings/profile'];
const changePassword = ['Change Password', '/user/settings/changepassword'];
const branches = ['Branches', '/user/branches'];
const users = ['Users', '/user/users'];
const payments = ['Payments', '/user/campaigns/payments'];
const invoices = ['Invoices', '/user/campaigns/invoices'];
const bankUsers = ['Bank Users', '/user/bank/users'];
const myBank = ['My Bank', '/user/settings/bank'];
const outbox = ['Outbox', '/user/settings/outbox'];
const productSettings = ['Product settings', '/user/settings/product'];
const webhooks = ['Webhooks', '/user/settings/webhooks'];
const apiKeys = ['API keys', '/user/settings/apikeys'];
const integration = ['Publisher integration', '/user/settings/integration'];
const settlementFiles = ['Settlement files', '/user/settings/settlement-files'];
const auditLog = ['Audit log', '/user/audit-log'];

describe('navigationFor: the Settings group of spec 2 §2.1', () => {
  it.each([
    { audience: 'user', settings: [myProfile, changePassword, users, payments] },
    {
      audience: 'companyAdmin',
      settings: [
        myProfile,
        changePassword,
        branches,
        users,
        payments,
        invoices,
        webhooks,
        integration,
        auditLog,
      ],
    },
    {
      audience: 'groupAdmin',
      settings: [myProfile, changePassword, branches, users, payments, webhooks, integration, auditLog],
    },
    {
      audience: 'brandAdmin',
      settings: [
        myProfile,
        changePassword,
        branches,
        users,
        payments,
        invoices,
        webhooks,
        integration,
        auditLog,
      ],
    },
    { audience: 'groupUser', settings: [myProfile, changePassword] },
    { audience: 'brandUser', settings: [myProfile, changePassword, invoices] },
    {
      audience: 'bank',
      settings: [bankUsers, myBank, myProfile, webhooks, apiKeys, settlementFiles, integration],
    },
    // Outbox is our addition: where mail waits when no SMTP server is configured; Webhooks too.
    // Settlement files (decision 0107) and the audit log (decision 0113) are ours too.
    {
      audience: 'systemadmin',
      settings: [
        myProfile,
        productSettings,
        outbox,
        webhooks,
        apiKeys,
        settlementFiles,
        integration,
        auditLog,
      ],
    },
    { audience: 'cardprovider', settings: [] },
    // Ours: the spec leaves the client admin's menu open.
    { audience: 'clientAdmin', settings: [myProfile, changePassword] },
    { audience: 'guest', settings: [myProfile, changePassword, users, payments] },
  ] as const)('gives $audience exactly its settings items', ({ audience, settings }) => {
    expect(shown(navigationFor(subjectOf(audience)).settings)).toEqual(settings);
  });

  it("leaves a bank user who is not the bank's admin without the admin's pages, which the API refuses them", () => {
    const bankUser = { ...subjectOf('bank'), isBankAdmin: false };
    expect(shown(navigationFor(bankUser).settings)).toEqual([bankUsers, myBank, myProfile]);
  });

  it('shows Branches only to companyAdmin, groupAdmin and brandAdmin', () => {
    const withBranches = audiences.filter((audience) =>
      navigationFor(subjectOf(audience)).settings.some((item) => item.page === 'branches'),
    );
    expect(withBranches).toEqual(['companyAdmin', 'brandAdmin', 'groupAdmin']);
  });

  it('shows Invoices only to companyAdmin, brandAdmin and brandUser', () => {
    const withInvoices = audiences.filter((audience) =>
      navigationFor(subjectOf(audience)).settings.some((item) => item.page === 'invoices'),
    );
    expect(withInvoices).toEqual(['companyAdmin', 'brandAdmin', 'brandUser']);
  });
});

describe('navigationFor: the main items', () => {
  it('gives a card provider only Create Campaign (spec 1 §6)', () => {
    expect(shown(navigationFor(subjectOf('cardprovider')).main)).toEqual([
      ['Create Campaign', '/user/campaigns/create'],
    ]);
  });

  it('gives group and brand finance users only the dashboard', () => {
    expect(shown(navigationFor(subjectOf('groupUser')).main)).toEqual([['Dashboard', '/user/dashboard']]);
    expect(shown(navigationFor(subjectOf('brandUser')).main)).toEqual([['Dashboard', '/user/dashboard']]);
  });

  it.each(audiences)('shows %s each page at most once', (audience) => {
    const { main, settings } = navigationFor(subjectOf(audience));
    const pages = [...main, ...settings].map((item) => item.page);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it.each(['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin'] as const)(
    'shows Social Analytics to %s',
    (audience) => {
      expect(navigationFor(subjectOf(audience)).main.map((item) => item.page)).toContain('socialAnalytics');
    },
  );

  it('shows the system admin the card-network leads of the public pages', () => {
    expect(shown(navigationFor(subjectOf('systemadmin')).main)).toContainEqual([
      'Card-network Leads',
      '/user/cardnetwork/leads',
    ]);
  });

  it('shows the system admin Ingestion Logs, where the console uploads publisher files', () => {
    expect(shown(navigationFor(subjectOf('systemadmin')).main)).toContainEqual([
      'Ingestion Logs',
      '/user/ingestionLogs',
    ]);
  });

  it('shows the system admin Publishers, and no one else', () => {
    expect(shown(navigationFor(subjectOf('systemadmin')).main)).toContainEqual([
      'Publishers',
      '/user/publishers/list',
    ]);
    for (const audience of audiences.filter((one) => one !== 'systemadmin')) {
      const { main, settings } = navigationFor(subjectOf(audience));
      expect([...main, ...settings].map((item) => item.page)).not.toContain('publishersList');
    }
  });

  it.each(['user', 'guest'] as const)('does not show Social Analytics to %s', (audience) => {
    expect(navigationFor(subjectOf(audience)).main.map((item) => item.page)).not.toContain('socialAnalytics');
  });
});

describe('navigationFor and the page guard (mayOpen) agree', () => {
  it.each([
    { who: 'a bank admin', subject: subjectOf('bank') },
    { who: 'a bank user', subject: { ...subjectOf('bank'), isBankAdmin: false } },
    ...audiences.filter((one) => one !== 'guest').map((one) => ({ who: one, subject: subjectOf(one) })),
  ])('$who may open every page in their menu', ({ subject }) => {
    const { main, settings } = navigationFor(subject);
    expect([...main, ...settings].filter((item) => !mayOpen(subject, item.page))).toEqual([]);
  });
});

describe('navigationFor and canOpen agree', () => {
  it.each(audiences.filter((audience) => audience !== 'guest'))(
    '%s may open every page in its menu',
    (audience) => {
      const { main, settings } = navigationFor(subjectOf(audience));
      for (const item of [...main, ...settings]) {
        expect({ page: item.page, open: canOpen(audience, item.page) }).toEqual({
          page: item.page,
          open: true,
        });
      }
    },
  );

  it('shows a guest the plain user menu', () => {
    expect(navigationFor(subjectOf('guest'))).toEqual(navigationFor(subjectOf('user')));
  });

  it('lets a guest open only Create Campaign from the menu; every other item is locked', () => {
    const { main, settings } = navigationFor(subjectOf('guest'));
    const open = [...main, ...settings]
      .filter((item) => canOpen('guest', item.page))
      .map((item) => item.page);
    expect(open).toEqual(['campaignsCreate']);
  });
});
