/**
 * The publishers' capabilities in the permission table (access.rules.ts spreads them in; brief §5
 * 'Publishers', decisions 0088–0089) and their pages (spread into `pages`). Kept apart so the
 * table's file stays within its size.
 */

export const publisherCapabilities = {
  /** Create and edit publishers, choose their bank and link their brands. */
  'publishers.manage': ['systemadmin'],
  /**
   * Make, list, rotate and revoke a publisher's API keys: the system admin any publisher's; a bank
   * user reaches the service, which lets only an admin of the publisher's bank (else 403).
   */
  'publisherKeys.manage': ['systemadmin', 'bank'],
  /**
   * Read and download a publisher's settlement files (decision 0107): the system admin any
   * publisher's; a bank user reaches the service, which shows only an admin of the publisher's
   * bank its files (anyone else 404, as if absent).
   */
  'settlements.read': ['systemadmin', 'bank'],
} as const;

/** The publishers' pages; `roles` as in access.rules.ts `pages` (of the bank users, its admins). */
export const publisherPages = {
  publishersList: {
    path: '/user/publishers/list',
    audiences: publisherCapabilities['publishers.manage'],
  },
  // A publisher's API keys (decision 0089): the API lets only an admin of the publisher's bank
  // among bank users (else 403), so the page asks for the role too.
  publisherKeys: {
    path: '/user/settings/apikeys',
    audiences: publisherCapabilities['publisherKeys.manage'],
    roles: { bank: 'bankAdmin' },
  },
  // A publisher's settlement files (decision 0107): its bank's admins and the system admin.
  settlementFiles: {
    path: '/user/settings/settlement-files',
    audiences: publisherCapabilities['settlements.read'],
    roles: { bank: 'bankAdmin' },
  },
  // How to integrate (keys, the offers feed, webhook signatures, test mode; decision 0101): for
  // whoever manages keys or webhook endpoints (the webhooks page's audiences and role).
  publisherIntegration: {
    path: '/user/settings/integration',
    audiences: ['companyAdmin', 'groupAdmin', 'brandAdmin', 'systemadmin', 'bank'],
    roles: { bank: 'bankAdmin' },
  },
} as const;
