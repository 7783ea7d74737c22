import { audienceOf, type AccessSubject, type Audience, type PageKey } from './access.rules.ts';

/**
 * The side navigation by entity type and role. The Settings group is spec 2 §2.1 to the letter;
 * the main items above it (which the spec leaves open) are the pages each audience works in.
 */
export interface NavItem {
  page: PageKey;
  label: string;
}

export interface Navigation {
  main: NavItem[];
  settings: NavItem[];
}

const item = (page: PageKey, label: string): NavItem => ({ page, label });

const campaignItems = [
  item('campaignsCreate', 'Create Campaign'),
  item('campaignsFuture', 'Future Campaigns'),
  item('campaignsCurrent', 'Current Campaigns'),
  item('campaignsPast', 'Past Campaigns'),
];

const brandMain = (audience: Audience): NavItem[] => [
  ...campaignItems,
  item('dashboard', 'Dashboard'),
  item('campaignsOverview', 'Campaign Overview'),
  ...(audience === 'user' ? [] : [item('socialAnalytics', 'Social Analytics')]),
  item('manageCreative', 'Manage Assets'),
  item('ingestionLogs', 'Ingestion Logs'),
];

const brandSettings = (audience: Audience): NavItem[] => [
  item('profile', 'My Profile'),
  item('changePassword', 'Change Password'),
  ...(['companyAdmin', 'groupAdmin', 'brandAdmin'].includes(audience) ? [item('branches', 'Branches')] : []),
  item('users', 'Users'),
  item('payments', 'Payments'),
  ...(['companyAdmin', 'brandAdmin'].includes(audience) ? [item('invoices', 'Invoices')] : []),
];

export function navigationFor(subject: AccessSubject): Navigation {
  const audience = audienceOf(subject);
  switch (audience) {
    case 'systemadmin':
      return {
        main: [
          item('banksList', 'Banks'),
          item('groupsList', 'Groups'),
          item('merchants', 'Merchants'),
          item('campaignsFuture', 'Future Campaigns'),
          item('campaignsCurrent', 'Current Campaigns'),
          item('campaignsPast', 'Past Campaigns'),
          item('campaignOverviewManager', 'Campaign Overview Manager'),
          item('socialAnalytics', 'Social Analytics'),
          item('ingestionLogs', 'Ingestion Logs'),
          item('cardNetworkLeads', 'Card-network Leads'),
        ],
        settings: [item('profile', 'My Profile'), item('outbox', 'Outbox')],
      };
    case 'bank':
      return {
        main: [
          item('dashboard', 'Dashboard'),
          item('campaignsFuture', 'Future Campaigns'),
          item('campaignsCurrent', 'Current Campaigns'),
          item('campaignsPast', 'Past Campaigns'),
          item('merchants', 'Merchants'),
          item('manageCreative', 'Manage Assets'),
          item('ingestionLogs', 'Ingestion Logs'),
        ],
        settings: [item('bankUsers', 'Bank Users'), item('myBank', 'My Bank'), item('profile', 'My Profile')],
      };
    case 'cardprovider':
      return { main: [item('campaignsCreate', 'Create Campaign')], settings: [] };
    case 'clientAdmin':
      return {
        main: [item('dashboard', 'Dashboard'), item('campaignsOverview', 'Campaign Overview')],
        settings: [item('profile', 'My Profile'), item('changePassword', 'Change Password')],
      };
    case 'groupUser':
    case 'brandUser':
      return {
        main: [item('dashboard', 'Dashboard')],
        settings: [
          item('profile', 'My Profile'),
          item('changePassword', 'Change Password'),
          ...(audience === 'brandUser' ? [item('invoices', 'Invoices')] : []),
        ],
      };
    case 'guest':
      // Guests see the brand menu; every item except creating the campaign shows the guest alert.
      return { main: brandMain('user'), settings: brandSettings('user') };
    default:
      return { main: brandMain(audience), settings: brandSettings(audience) };
  }
}
