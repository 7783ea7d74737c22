import { Group, ScrollArea, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { paths } from '@/config/paths';
import { useFocusMainOnNavigation } from '@/components/ui/skip-link';
import { subjectOf } from '@/lib/access';
import { useSessionActions } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { apiRequest } from '@/lib/api-client';
import { sessionEvents, useSessionExpired } from '@/lib/session-events';
import { useSessionModalVariant } from '@/lib/session-modal-variant';
import { useIdleTimeout } from '../hooks/use-idle-timeout.ts';
import { AreaFrame } from './area-frame.tsx';
import { SessionExpiredModal } from './session-modals.tsx';
import { SideNav } from './side-nav.tsx';
import { isGuest } from '@krowd/domain/access/access.rules';
import { guestMenuAlert } from '@krowd/domain/onboarding/onboarding.rules';

/**
 * The application shell: the area's frame with the side navigation by role and who is signed in,
 * and the one modal of an ended session.
 */
export function AppLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const location = useLocation();
  const settings = useSettings();
  const { signedOut } = useSessionActions();
  const ended = useSessionExpired();
  const sessionModalVariant = useSessionModalVariant();
  useFocusMainOnNavigation(location.pathname);
  const idleMs = settings.data ? settings.data.sessionIdleMinutes * 60_000 : undefined;
  useIdleTimeout(ended ? undefined : idleMs, () => {
    // The inactivity modal, and only it: a call answering 401 afterwards changes nothing.
    sessionEvents.markIdle();
    // The server would end the idle session by itself; ending it now means it cannot be reused.
    // The user stays known here until 'Login again', so the modal stays on screen.
    void apiRequest('auth/logout', { method: 'POST', sessionRequired: false }).catch(() => undefined);
  });

  const handleLoginAgain = () =>
    signedOut({ to: paths.login, state: { from: location.pathname + location.search } });

  return (
    <AreaFrame
      navbar={(closeMobileMenu) => (
        <ScrollArea flex={1} mih={0}>
          <SideNav
            subject={subjectOf(user)}
            locked={isGuest(user)}
            lockedMessage={guestMenuAlert(user)}
            onNavigate={closeMobileMenu}
          />
        </ScrollArea>
      )}
      entity={
        <Group gap="xs" wrap="nowrap" data-testid="header-entity">
          <Text fw={600} truncate maw={280}>
            {user.entity.name}
          </Text>
          <Text c="dimmed" size="sm" visibleFrom="md">
            {user.displayName}
          </Text>
        </Group>
      }
    >
      {children}
      <SessionExpiredModal variant={sessionModalVariant} onLoginAgain={handleLoginAgain} />
    </AreaFrame>
  );
}
