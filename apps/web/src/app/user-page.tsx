import { Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import type { PageKey } from '@krowd/domain/access/access.rules';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { ComingSoon } from '@/components/ui/coming-soon';
import { pageTitles } from '@/config/paths';
import { PageGuard } from './guards.tsx';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Krowd`;
  }, [title]);
}

/** A screen inside the shell: guarded by the permission table, titled, or 'coming soon' until built. */
export function UserPage({
  page,
  user,
  children,
}: {
  page: PageKey;
  user: SessionUser;
  children?: ReactNode;
}) {
  const title = pageTitles[page];
  useDocumentTitle(title);
  return (
    <PageGuard page={page} user={user}>
      <Stack gap="lg">
        <Title order={2}>{title}</Title>
        {children ?? <ComingSoon title={title} />}
      </Stack>
    </PageGuard>
  );
}
