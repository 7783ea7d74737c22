import { Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { pages, type PageKey } from '@krowd/domain/access/access.rules';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';
import { AreaFrame } from '@/features/shell/components/area-frame';

/** Pages whose tabs are addresses below them (/user/socialanalytics/trends). */
export const pagesWithSubRoutes = new Set<PageKey>(['socialAnalytics']);

/** Pages that write their own heading and tab title ('Campaign Overview - {campaign name}'). */
export const pagesWithOwnTitle = new Set<PageKey>(['campaignsReport', 'campaignsPreview']);

const pageRoutes = (Object.keys(pages) as PageKey[]).map((key) => ({
  id: key,
  path: pagesWithSubRoutes.has(key) ? `${pages[key].path}/*` : pages[key].path,
}));

/** The page of the permission table an address of the signed-in area shows, if any. */
export function pageAt(pathname: string): PageKey | undefined {
  return matchRoutes(pageRoutes, pathname)?.[0]?.route.id as PageKey | undefined;
}

/**
 * A page's heading (unless it writes its own) above its content: the page's one h1, drawn at h2's
 * size as before; the page's sections are h2 and below (WCAG 1.3.1).
 */
export function PageFrame({ title, children }: { title: string | null; children: ReactNode }) {
  return (
    <Stack gap="lg">
      {title === null ? null : (
        <Title order={1} size="h2">
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
}

/**
 * The signed-in area as the address alone draws it, while the session and the area's chunk load:
 * the frame and the page's heading, nothing that depends on who is signed in. A phone paints the
 * page's largest text at once instead of after every chunk and answer. Drawn only
 * for a browser that started a session (`mayBeSignedIn`): a signed-out visitor sees a loader, then
 * /login.
 */
export function PendingUserArea() {
  const page = pageAt(useLocation().pathname);
  const title = page && !pagesWithOwnTitle.has(page) ? signInMessages.pageTitles[page] : null;
  return (
    <AreaFrame>
      <PageFrame title={title}>
        <Loader aria-label={signInMessages.common.loading} m="xl" />
      </PageFrame>
    </AreaFrame>
  );
}
