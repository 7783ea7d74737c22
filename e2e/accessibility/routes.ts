import { expect, type APIRequestContext } from '@playwright/test';
import {
  canOpen,
  pagePath,
  pages,
  publicPaths,
  type Audience,
  type PageKey,
} from '../../packages/domain/src/access/access.rules.ts';
import { apiToken } from '../support/fixtures.ts';

/**
 * The routes the accessibility checks open, built from the domain's page table (access.rules.ts
 * `pages` and `publicPaths`): a page added there is checked without a change here, and a page
 * whose address needs a parameter fails to compile until `pageParams` below says where its value
 * comes from.
 */

/** The demo account (README) the checks open a signed-in page as, for each audience that has one. */
export const demoAccounts = {
  companyAdmin: 'companyadmin@demo.test',
  systemadmin: 'admin@demo.test',
  bank: 'bank@demo.test',
  clientAdmin: 'clientadmin@demo.test',
  groupAdmin: 'groupadmin@demo.test',
  groupUser: 'groupuser@demo.test',
  brandAdmin: 'brandadmin@demo.test',
  brandUser: 'branduser@demo.test',
  user: 'user@demo.test',
  cardprovider: 'cardprovider@demo.test',
} as const satisfies Partial<Record<Audience, string>>;

export type CheckedAudience = keyof typeof demoAccounts;

/**
 * The order an audience is chosen in: the first that may open a page opens it. Few audiences
 * cover every page (a browser context each); the guests' train is checked by its own journey
 * (onboarding/guest-train.spec.ts), which alone drives the demo guests.
 */
const audienceOrder: readonly CheckedAudience[] = [
  'companyAdmin',
  'systemadmin',
  'bank',
  ...(Object.keys(demoAccounts) as CheckedAudience[]),
];

/** Ids the pages with a parameter open (a demo campaign of the audience's, found through the API). */
interface Ids {
  currentCampaignId: string;
}

type PagesWithParams = {
  [K in PageKey]: (typeof pages)[K]['path'] extends `${string}/:${string}` ? K : never;
}[PageKey];

/** Every page whose path has a parameter: the values it is opened with ('' leaves an optional one out). */
const pageParams: Record<PagesWithParams, (ids: Ids) => Record<string, string>> = {
  campaignsReport: (ids) => ({ id: ids.currentCampaignId }),
  campaignsPreview: (ids) => ({ id: ids.currentCampaignId }),
  campaignsPrint: (ids) => ({ id: ids.currentCampaignId }),
  campaignOverviewEdit: (ids) => ({ id: ids.currentCampaignId }),
  dashboard: () => ({}),
};

export interface SignedInRoute {
  page: PageKey;
  path: string;
}

/** The signed-in pages, grouped by the audience that opens them. */
export function signedInRoutesByAudience(ids: Ids): Map<CheckedAudience, SignedInRoute[]> {
  const byAudience = new Map<CheckedAudience, SignedInRoute[]>();
  for (const page of Object.keys(pages) as PageKey[]) {
    const audience = audienceOrder.find((candidate) => canOpen(candidate, page));
    if (!audience) throw new Error(`no demo account may open ${page}`);
    const params = page in pageParams ? pageParams[page as PagesWithParams](ids) : {};
    const routes = byAudience.get(audience) ?? [];
    routes.push({ page, path: pagePath(page, params) });
    byAudience.set(audience, routes);
  }
  return byAudience;
}

type PublicPathKey = keyof typeof publicPaths;

/**
 * The signed-out pages' addresses. Those with a token or an id open with a made-up one: the page a
 * stale or forged link shows (a real guest link would sign the guest in, and single-use links are
 * their journeys' to spend). The insights login opens with its one known code.
 */
const publicParams: Partial<Record<PublicPathKey, Record<string, string>>> = {
  changeRecoverPassword: { token: 'stale-token-stale-token-stale-token-00' },
  setPassword: { token: 'stale-token-stale-token-stale-token-00' },
  verifyEmail: { token: 'stale-token-stale-token-stale-token-00' },
  guestUser: { token: 'stale-token-stale-token-stale-token-00' },
  getInsights: { code: '6aacdxmr6' },
  testPaymentPage: { flowId: 'stale-flow' },
  amexDiningBranch: { id: 'stale-branch-page' },
};

export interface PublicRoute {
  name: PublicPathKey;
  path: string;
}

/** Every signed-out page (the page-not-found one, under /user, is drawn signed out as well). */
export function publicRoutes(): PublicRoute[] {
  return (Object.keys(publicPaths) as PublicPathKey[]).map((name) => {
    let path: string = publicPaths[name];
    const params = publicParams[name] ?? {};
    path = path.replace(/:([A-Za-z]+)/g, (_, param: string) => {
      const value = params[param];
      if (value === undefined) throw new Error(`publicParams.${name} needs ${param}`);
      return encodeURIComponent(value);
    });
    return { name, path };
  });
}

/** A campaign of this month of the company admin's brand, for the pages that show one campaign. */
export async function demoIds(request: APIRequestContext): Promise<Ids> {
  const token = await apiToken(request, demoAccounts.companyAdmin);
  const response = await request.get('/api/campaigns?campaignType=current', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const { campaigns } = (await response.json()) as { campaigns: { _id: string }[] };
  expect(campaigns.length, 'a current demo campaign of the company admin').toBeGreaterThan(0);
  return { currentCampaignId: campaigns[0]!._id };
}
