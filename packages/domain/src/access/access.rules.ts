import { filledPath } from './path-pattern.rules.ts';
import {
  assertNever,
  audienceOf,
  financeRoles,
  isBankUser,
  isGroupRole,
  isSystemAdmin,
  rolesOf,
  seesAllBrands,
  type AccessRole,
  type AccessSubject,
  type Audience,
} from './audience.rules.ts';
import { auditCapabilities, auditPages } from './audit-access.rules.ts';
import { claimCapabilities, claimPages } from './claim-access.rules.ts';
import { publisherCapabilities, publisherPages } from './publisher-access.rules.ts';

export * from './audience.rules.ts';

/**
 * The one permission table: who may open which page and call which API capability.
 * The web uses it for guards and navigation (convenience); the API enforces it (security).
 * Sources: spec 3 §2.9 route table, spec 2 §2.1–2.2, spec 1 §6, brief §4.
 */

/** Brand-side roles that create campaigns and manage the account (spec 1 §6). */
const campaignMakers = ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'] as const;
/** Of those, the admin roles that also manage branches and see social analytics. */
const brandAdmins = ['companyAdmin', 'groupAdmin', 'brandAdmin'] as const;

export const pages = {
  campaignsCreate: {
    path: '/user/campaigns/create',
    audiences: [...campaignMakers, 'cardprovider', 'guest'],
  },
  campaignsCreatePreview: {
    path: '/user/campaigns/create/preview',
    audiences: [...campaignMakers, 'cardprovider', 'guest'],
  },
  campaignsEdit: { path: '/user/campaigns/edit', audiences: [...campaignMakers] },
  // Banks confirm or reject submitted campaigns' templates on the Future list (spec 3 §2.1).
  campaignsFuture: { path: '/user/campaigns/future', audiences: [...campaignMakers, 'systemadmin', 'bank'] },
  campaignsCurrent: {
    path: '/user/campaigns/current',
    audiences: [...campaignMakers, 'systemadmin', 'bank'],
  },
  campaignsPast: { path: '/user/campaigns/past', audiences: [...campaignMakers, 'systemadmin', 'bank'] },
  campaignsReport: {
    path: '/user/campaigns/reports/:id',
    audiences: [...campaignMakers, 'systemadmin', 'bank'],
  },
  campaignsPreview: { path: '/user/campaigns/preview/:id', audiences: [...campaignMakers, 'systemadmin'] },
  campaignsPrint: {
    path: '/user/campaigns/print/:id/:start_date?/:end_date?',
    audiences: [...campaignMakers, ...financeRoles, 'systemadmin', 'bank', 'clientAdmin'],
  },
  campaignsOverview: {
    path: '/user/campaigns/overview',
    audiences: [...campaignMakers, 'systemadmin', 'bank', 'clientAdmin'],
  },
  payments: { path: '/user/campaigns/payments', audiences: [...campaignMakers] },
  invoices: { path: '/user/campaigns/invoices', audiences: [...campaignMakers, ...financeRoles] },
  dashboard: {
    path: '/user/dashboard/:id?',
    audiences: [...campaignMakers, ...financeRoles, 'bank', 'clientAdmin'],
  },
  users: { path: '/user/users', audiences: [...campaignMakers] },
  branches: { path: '/user/branches', audiences: [...brandAdmins] },
  merchants: { path: '/user/merchants', audiences: ['systemadmin', 'bank'] },
  manageCreative: { path: '/user/managecreative', audiences: [...campaignMakers, 'bank'] },
  ingestionLogs: { path: '/user/ingestionLogs', audiences: [...campaignMakers, 'bank', 'systemadmin'] },
  campaignOverviewManager: { path: '/user/campaign-overview', audiences: ['systemadmin'] },
  campaignOverviewEdit: {
    path: '/user/campaign-overview/edit/:id',
    audiences: [...campaignMakers, 'systemadmin'],
  },
  socialAnalytics: { path: '/user/socialanalytics', audiences: [...brandAdmins, 'systemadmin'] },
  profile: {
    path: '/user/settings/profile',
    audiences: [...campaignMakers, ...financeRoles, 'systemadmin', 'bank', 'clientAdmin'],
  },
  changePassword: {
    path: '/user/settings/changepassword',
    audiences: [...campaignMakers, ...financeRoles, 'systemadmin', 'bank', 'clientAdmin'],
  },
  myBank: { path: '/user/settings/bank', audiences: ['bank'] },
  bankUsers: { path: '/user/bank/users', audiences: ['bank'] },
  banksList: { path: '/user/banks/list', audiences: ['systemadmin'] },
  groupsList: { path: '/user/groups/list', audiences: ['systemadmin'] },
  outbox: { path: '/user/settings/outbox', audiences: ['systemadmin'] },
  productSettings: { path: '/user/settings/product', audiences: ['systemadmin'] },
  cardNetworkLeads: { path: '/user/cardnetwork/leads', audiences: ['systemadmin'] },
  // Of the bank users, only the bank's admins have endpoints to manage (their publisher's, 0097).
  webhooks: {
    path: '/user/settings/webhooks',
    audiences: [...brandAdmins, 'systemadmin', 'bank'],
    roles: { bank: 'bankAdmin' },
  },
  ...publisherPages,
  ...claimPages,
  ...auditPages,
} as const satisfies Record<string, PageEntry>;

/**
 * A page: its path, the audiences that may open it and, for some audiences, the role within the
 * audience it also needs (`roles`; an audience not named there needs none).
 */
interface PageEntry {
  path: string;
  audiences: readonly Audience[];
  roles?: Partial<Record<Audience, AccessRole>>;
}

export type PageKey = keyof typeof pages;

export { publicPaths } from './public-paths.rules.ts';

/** Everyone who may open any of the pages: a capability that those pages' screens call. */
function audiencesOfPages(...keys: PageKey[]): readonly Audience[] {
  return [...new Set(keys.flatMap((key) => pages[key].audiences))];
}

/** Whether the audience may open the page (some of it, when the page also asks for a role: mayOpen). */
export function canOpen(audience: Audience, page: PageKey): boolean {
  return (pages[page].audiences as readonly Audience[]).includes(audience);
}

/** Whether this person holds the role the page asks of their audience (true when it asks none). */
export function holdsPageRole(subject: AccessSubject, page: PageKey): boolean {
  const role = (pages[page] as PageEntry).roles?.[audienceOf(subject)];
  return role === undefined || rolesOf(subject).includes(role);
}

/** Whether this person may open the page: their audience, and the role the page asks of it. */
export function mayOpen(subject: AccessSubject, page: PageKey): boolean {
  return canOpen(audienceOf(subject), page) && holdsPageRole(subject, page);
}

/** Where /user sends someone (spec 3 §2.9, spec 2 §2.2). */
export function defaultPageFor(subject: AccessSubject): PageKey {
  const audience = audienceOf(subject);
  switch (audience) {
    case 'systemadmin':
      return 'banksList';
    case 'bank':
    case 'clientAdmin':
    case 'groupUser':
    case 'brandUser':
      return 'dashboard';
    case 'cardprovider':
    case 'guest':
      return 'campaignsCreate';
    case 'user':
    case 'companyAdmin':
    case 'brandAdmin':
    case 'groupAdmin':
      return subject.isFirstLogin ? 'campaignsCreate' : 'campaignsFuture';
    default:
      return assertNever(audience);
  }
}

/** A page's path with its optional parameters left out, for links and redirects. */
export function pagePath(page: PageKey, params: Record<string, string> = {}): string {
  return filledPath(pages[page].path, params, `pagePath(${page})`);
}

/**
 * API capabilities. Every API route names one (or 'public'); the server refuses the call with
 * 403 when the caller's audience is not listed. Tenant scope is checked separately (scopeOf).
 */
const everyoneSignedIn = [
  ...campaignMakers,
  ...financeRoles,
  'systemadmin',
  'bank',
  'cardprovider',
  'clientAdmin',
  'guest',
] as const satisfies readonly Audience[];
const everyoneButGuests = everyoneSignedIn.filter((a) => a !== 'guest');

export const capabilities = {
  /** Read one's own session and details, log out. */
  'session.own': everyoneSignedIn,
  /** Change one's own password (guests have none yet). */
  'password.change': everyoneButGuests,
  /**
   * Set up, turn off and renew one's own two-step sign-in. The only capability a
   * system admin still setting it up holds (besides the session and logout).
   */
  'mfa.manage': everyoneButGuests,
  /**
   * Read a user's details (oneself always; others within tenant scope for these audiences) and the
   * Users list (spec 2 §2.5; Bank Users for a bank).
   */
  'users.read': [...campaignMakers, 'systemadmin', 'bank'],
  /**
   * Add, edit and delete users (spec 2 §6 edit permission): brand admins their brand's or group's
   * users, bank users their bank's (Bank Users). Who may manage whom: user.rules.ts.
   */
  'users.manage': [...brandAdmins, 'bank'],
  /** Read a brand's details within tenant scope. */
  'brands.read': everyoneSignedIn,
  /** Read a bank's details: a bank user their own bank, a system admin any. */
  'banks.read': ['systemadmin', 'bank'],
  /** List every bank (the system admin's home, /user/banks/list). */
  'banks.list': ['systemadmin'],
  /** Change one's own bank's details (My Bank): bank users; only a bank admin passes the service. */
  'banks.manage': ['bank'],
  /** Create a bank with its first bank admin: the system admin, never by SQL. */
  'banks.create': ['systemadmin'],
  /** Read and replace the brands linked to a bank, the only brands it reads and reviews. */
  'banks.links': ['systemadmin'],
  /** Create a group of brands with its first group admin. */
  'groups.create': ['systemadmin'],
  /** Update one's own profile (My Profile): whoever has the profile page. */
  'profile.update': pages.profile.audiences,
  /** Deactivate one's own account from My Profile; not a system admin (the operators would lock themselves out). */
  'account.deactivate': pages.profile.audiences.filter((audience) => !isSystemAdmin(audience)),
  /** Save a named list of followed brands (spec 1 §7 clientList/create, decision 0094): client admins. */
  'clientLists.create': ['clientAdmin'],
  'outbox.read': ['systemadmin'], // The mail outbox (mail kept when no SMTP server is configured).
  /** Change the product's stored settings (Settings → Product settings); each change is audited. */
  'settings.manage': pages.productSettings.audiences,
  'cardNetworkLeads.read': ['systemadmin'], // The card-network pages' leads and their branch files.
  /** Read branches (merchants) of brands within tenant scope. */
  'branches.read': everyoneSignedIn,
  /**
   * Add, edit, delete and upload branches of brands within scope (spec 2 §2.2, §6). Guests add their
   * brand's branches in the onboarding train's Branch step (spec 2 §2.3 'wizard').
   */
  'branches.manage': [...brandAdmins, 'guest'],
  /**
   * Delete ticked branches from the bulk dropdown (merchants/multiRemove): managers, and the system
   * admin, whom spec 2 §4's bulk table offers Delete on the merchants screen (spec 2 §6 'Edit
   * permission'). Banks review branches but do not delete them.
   */
  'branches.remove': [...brandAdmins, 'guest', 'systemadmin'],
  /** Approve or reject branches of every brand within scope (the merchants screen). */
  'branches.review': ['systemadmin', 'bank'],
  /**
   * Call approve and reject at all: reviewers, and brand admins for the branches the operator side
   * created for their brand, while Pending (spec 2 §4, §6). branch.rules.ts says which rows.
   */
  'branches.decide': [...brandAdmins, 'systemadmin', 'bank'],
  /** Read publishers (distributors) and the deals of brands within scope. */
  'distributors.read': everyoneSignedIn,
  /** Read groups and their brands within scope. */
  'groupBrands.read': everyoneSignedIn,
  /** Read campaigns of brands within scope. */
  'campaigns.read': everyoneSignedIn,
  /** Create a campaign (spec 1 §6: user and admin roles, card providers, guests onboarding). */
  'campaigns.create': [...campaignMakers, 'cardprovider', 'guest'],
  /** Edit, delete and pause campaigns of brands within scope. */
  'campaigns.edit': [...campaignMakers],
  /** Confirm or reject a campaign's templates (banks); reject (system admin). */
  'campaigns.review': ['bank', 'systemadmin'],
  /** Test a sample transaction against a campaign: the rule simulator, operators only. */
  'campaigns.simulate': ['systemadmin'],
  /**
   * Replay the brand's own transactions of last month through a draft (docs/decisions/0131):
   * whoever makes and edits the brand's campaigns, on the form they fill in.
   */
  'campaigns.backtest': [...campaignMakers],
  /** Read message templates. */
  'templates.read': [...campaignMakers, 'cardprovider', 'guest', 'bank', 'systemadmin'],
  /**
   * Read the invoices of brands within scope and open their documents (spec 3 §2.9 campaigns/invoices),
   * and the dashboard's invoice calls (spec 3 §2.4, §7). Client admins, the operators who open any
   * brand's dashboard, open its invoices there too; banks see a brand's figures, not its invoices.
   */
  'invoices.read': [...campaignMakers, ...financeRoles, 'clientAdmin'],
  /** Read the ingestion logs: each caller their brands' share (a bank its linked brands'), operators every file. */
  'ingestionLogs.read': [...campaignMakers, 'bank', 'systemadmin'],
  /** Upload a publisher's transactions file from the admin console. */
  'ingestionLogs.upload': ['systemadmin'],
  /** The dashboard's 'Last Transaction' dates: when each publisher last sent a file (spec 3 §7). */
  'ingestionLogs.date': [...pages.dashboard.audiences, 'systemadmin'],
  /**
   * Read the dashboard's statistics (spec 3 §2.4): every page that draws them (the dashboard, the
   * single-campaign report and its print sheet, spec 3 §2.5, §2.9), within scope (system and client
   * admins every brand, banks their linked brands, group roles their group's, others their brand).
   */
  'dashboard.read': audiencesOfPages('dashboard', 'campaignsReport', 'campaignsPrint'),
  /**
   * Export the dashboard's transactions as CSV, mailed to oneself, and download one's own exports
   * (spec 3 §2.4): the dashboard's audiences, within the same scope.
   */
  'dashboard.export': pages.dashboard.audiences,
  /**
   * Why transactions did not qualify (docs/decisions/0130): the counts by reason, one reason's
   * transactions and the export's option to include them, for the brand's dashboard readers within
   * the same scope. Not banks: a publisher sees its own transactions' reasons where it already did
   * (the transaction API's answers), not a brand's from every publisher.
   */
  'dashboard.reasons': audiencesOfPages('dashboard', 'campaignsReport', 'campaignsPrint').filter(
    (audience) => audience !== 'bank',
  ),
  /**
   * Manage Assets (spec 2 §2.7): upload and delete Media Library images and save copy texts, for
   * a brand within scope or (banks) one's own bank.
   */
  'assets.manage': pages.manageCreative.audiences,
  /** Read a Media Library and copy texts: Manage Assets, and the campaign template's image picker. */
  'assets.read': [...campaignMakers, 'cardprovider', 'guest', 'bank'],
  /** Upload an image for a campaign's template (spec 1 §7 campaignTemplates/upload). */
  'assets.campaignUpload': [...campaignMakers, 'cardprovider', 'guest'],
  /** Open an uploaded file: the service checks it is the caller's own or within their scope. */
  'files.read': everyoneSignedIn,
  /**
   * The Campaign Overview Manager (spec 2 §2.12): trigger the overview computation, upload the
   * transactions and impressions files, list campaigns with their overview status.
   */
  'overview.manage': ['systemadmin'],
  /**
   * Read a campaign's overview (computed and edited figures) in the editor and the preview: the
   * editor's and preview's audiences, within tenant scope.
   */
  'overview.read': pages.campaignOverviewEdit.audiences,
  /**
   * Save edited overview figures (an override beside the computed ones). Operators only: brands
   * may open the editor (spec 2 §2.2) but not rewrite the figures they are reported and invoiced on.
   */
  'overview.edit': ['systemadmin'],
  /**
   * The guest onboarding train (spec 1 §4): save the first campaign's form, record the steps passed,
   * and finish with a password. Guests only: a full account has nothing left to onboard.
   */
  'onboarding.progress': ['guest'],
  /**
   * Direct debit for a brand within scope (spec 2 §2.10): see, set up, replace and cancel its
   * mandate. The Payments page's audiences, and guests in the train's Payment Details step.
   */
  'payments.manage': [...pages.payments.audiences, 'guest'],
  /**
   * The built-in test provider's scenario simulator (brief §4 'Test mode'): make the provider send
   * a signed event for a mandate or payment within scope. Refused when a real provider runs.
   */
  'payments.simulate': [...pages.payments.audiences, 'guest', 'systemadmin'],
  /**
   * Social analytics (spec 3 §2.7): the reviewsdata calls for brands within scope (client admins, the
   * operators who open any brand's dashboard, any brand too). A visitor of the
   * public page reads them with an insights pass instead, for the pass's brand only (no revenue).
   */
  'insights.read': [...pages.socialAnalytics.audiences, 'clientAdmin'],
  /** Upload review files (social analytics' source): operators, who collect the reviews. */
  'reviews.manage': ['systemadmin'],
  ...publisherCapabilities,
  ...claimCapabilities,
  ...auditCapabilities,
  /** Webhook endpoints and their delivery logs (decision 0097), owners within the caller's scope. */
  'webhooks.manage': pages.webhooks.audiences,
} as const satisfies Record<string, readonly Audience[]>;

export type Capability = keyof typeof capabilities;

export function can(audience: Audience, capability: Capability): boolean {
  return (capabilities[capability] as readonly Audience[]).includes(audience);
}

/**
 * Whose data someone may see: everything, one group's brands, one brand, a bank's linked brands
 * (the brands its programmes publish, linked by the system admin), or nothing.
 */
export type TenantScope =
  | { kind: 'all' }
  | { kind: 'group'; groupId: string }
  | { kind: 'brand'; brandId: string }
  | { kind: 'bank'; bankId: string; brandIds: readonly string[] }
  | { kind: 'none' };

export interface ScopeSubject extends AccessSubject {
  brandId: string | null;
  groupId: string | null;
  bankId: string | null;
  /** The brands linked to the subject's bank (bank users only). */
  bankBrandIds: readonly string[];
}

export function scopeOf(subject: ScopeSubject): TenantScope {
  const audience = audienceOf(subject);
  if (seesAllBrands(audience)) return { kind: 'all' };
  if (isBankUser(audience))
    return subject.bankId
      ? { kind: 'bank', bankId: subject.bankId, brandIds: subject.bankBrandIds }
      : { kind: 'none' };
  if (isGroupRole(audience) && subject.groupId) {
    return { kind: 'group', groupId: subject.groupId };
  }
  return subject.brandId ? { kind: 'brand', brandId: subject.brandId } : { kind: 'none' };
}
