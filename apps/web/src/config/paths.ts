import { pagePath, pages, publicPaths, type PageKey } from '@krowd/domain/access/access.rules';

/**
 * The typed route registry: every URL the app links to comes from here (and from the domain's
 * permission table), so no path string is typed twice.
 */
export const paths = {
  ...publicPaths,
  root: '/',
  user: '/user',
  page: (key: PageKey, params?: Record<string, string>) => pagePath(key, params),
} as const;

/** The page's route pattern relative to /user, for the router. */
export function childRoute(key: PageKey): string {
  return pages[key].path.replace(/^\/user\//, '');
}

/** Titles of the screens, as the spec names them. */
export const pageTitles: Record<PageKey, string> = {
  campaignsCreate: 'Create Campaign',
  campaignsCreatePreview: 'Campaign Template',
  campaignsEdit: 'Edit Campaign',
  campaignsFuture: 'Future Campaigns',
  campaignsCurrent: 'Current Campaigns',
  campaignsPast: 'Past Campaigns',
  campaignsReport: 'Campaign Overview',
  campaignsPreview: 'Campaign Overview',
  campaignsPrint: 'Campaign Overview',
  campaignsOverview: 'Campaign Overview',
  payments: 'Payments',
  invoices: 'Invoices',
  dashboard: 'Dashboard',
  users: 'Users',
  branches: 'Branches',
  merchants: 'Merchants',
  manageCreative: 'Manage Assets',
  ingestionLogs: 'Ingestion Logs',
  campaignOverviewManager: 'Campaign Overview Manager',
  campaignOverviewEdit: 'Campaign Overview Edit',
  socialAnalytics: 'Social Analytics',
  profile: 'My Profile',
  changePassword: 'Change Password',
  myBank: 'My Bank',
  bankUsers: 'Bank Users',
  banksList: 'Banks',
  groupsList: 'Groups',
  outbox: 'Outbox',
  cardNetworkLeads: 'Card-network Leads',
};
