import { useEffect, type ReactNode } from 'react';
import type { PageKey } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { ComingSoon } from '@/components/ui/coming-soon';
import { PageGuard } from './guards.tsx';
import { PageFrame } from './user-pages.tsx';

/** Sets the tab's title; null leaves it to the page (a page with its own title). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title !== null) document.title = messages.common.documentTitle(title);
  }, [title]);
}

/** A screen inside the shell: guarded by the permission table, titled, or 'coming soon' until built. */
export function UserPage({
  page,
  user,
  children,
  ownTitle = false,
}: {
  page: PageKey;
  user: SessionUser;
  children?: ReactNode;
  /** The page writes its own heading and document title (e.g. 'Campaign Overview - {name}'). */
  ownTitle?: boolean;
}) {
  const title = messages.pageTitles[page];
  useDocumentTitle(ownTitle ? null : title);
  return (
    <PageGuard page={page} user={user}>
      <PageFrame title={ownTitle ? null : title}>{children ?? <ComingSoon title={title} />}</PageFrame>
    </PageGuard>
  );
}
