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
