// The sign-in section, not the whole catalogue: the frame and its navigation load with /login (decision 0039).
import { signInMessages } from '../messages/sign-in-messages.ts';
import {
  assertNever,
  audienceOf,
  canOpen,
  holdsPageRole,
  type AccessSubject,
  type Audience,
  type PageKey,
} from './access.rules.ts';

/** An item is named as its page is titled. */
const labels = signInMessages.pageTitles;

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

const item = (page: PageKey & keyof typeof labels): NavItem => ({ page, label: labels[page] });

const campaignItems = [
  item('campaignsCreate'),
  item('campaignsFuture'),
  item('campaignsCurrent'),
  item('campaignsPast'),
];

const brandMain = (audience: Audience): NavItem[] => [
  ...campaignItems,
  item('dashboard'),
  item('campaignsOverview'),
  ...(canOpen(audience, 'socialAnalytics') ? [item('socialAnalytics')] : []),
  item('manageCreative'),
  item('ingestionLogs'),
  // Ours (decision 0108): the brand's missing-transaction claims.
  item('claims'),
];

const brandSettings = (audience: Audience): NavItem[] => [
  item('profile'),
  item('changePassword'),
  ...(canOpen(audience, 'branches') ? [item('branches')] : []),
  item('users'),
  item('payments'),
  ...(['companyAdmin', 'brandAdmin'].includes(audience) ? [item('invoices')] : []),
  // Ours (decision 0097): a brand's admins register their webhook endpoints.
  ...(canOpen(audience, 'webhooks') ? [item('webhooks'), item('publisherIntegration')] : []),
  // Ours (decision 0113): a brand's admins read its audit log.
  ...(canOpen(audience, 'auditLog') ? [item('auditLog')] : []),
];

/**
 * The menu for this person: their audience's items, less the pages whose role they lack (a guest's
 * locked items stay: they show the guest alert).
 */
export function navigationFor(subject: AccessSubject): Navigation {
  const { main, settings } = audienceNavigation(subject);
  const allowed = (entry: NavItem) => holdsPageRole(subject, entry.page);
  return { main: main.filter(allowed), settings: settings.filter(allowed) };
}

function audienceNavigation(subject: AccessSubject): Navigation {
  const audience = audienceOf(subject);
  switch (audience) {
    case 'systemadmin':
      return {
        main: [
          item('banksList'),
          item('groupsList'),
          item('publishersList'),
          item('merchants'),
          item('campaignsFuture'),
          item('campaignsCurrent'),
          item('campaignsPast'),
          item('campaignOverviewManager'),
          item('socialAnalytics'),
          item('ingestionLogs'),
          item('claims'),
          item('cardNetworkLeads'),
        ],
        settings: [
          item('profile'),
          item('productSettings'),
          item('outbox'),
          item('webhooks'),
          item('publisherKeys'),
          item('settlementFiles'),
          item('publisherIntegration'),
          item('auditLog'),
        ],
      };
    case 'bank':
      return {
        main: [
          item('dashboard'),
          item('campaignsFuture'),
          item('campaignsCurrent'),
          item('campaignsPast'),
          item('merchants'),
          item('manageCreative'),
          item('ingestionLogs'),
        ],
        settings: [
          item('bankUsers'),
          item('myBank'),
          item('profile'),
          item('webhooks'),
          item('publisherKeys'),
          item('settlementFiles'),
          item('publisherIntegration'),
        ],
      };
    case 'cardprovider':
      return { main: [item('campaignsCreate')], settings: [] };
    case 'clientAdmin':
      return {
        main: [item('dashboard'), item('campaignsOverview')],
        settings: [item('profile'), item('changePassword')],
      };
    case 'groupUser':
    case 'brandUser':
      return {
        main: [item('dashboard')],
        settings: [
          item('profile'),
          item('changePassword'),
          ...(audience === 'brandUser' ? [item('invoices')] : []),
        ],
      };
    case 'guest':
      // Guests see the brand menu; every item except creating the campaign shows the guest alert.
      return { main: brandMain('user'), settings: brandSettings('user') };
    case 'user':
    case 'companyAdmin':
    case 'brandAdmin':
    case 'groupAdmin':
      return { main: brandMain(audience), settings: brandSettings(audience) };
    default:
      return assertNever(audience);
  }
}
