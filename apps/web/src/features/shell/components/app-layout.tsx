import { AppShell, Badge, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { subjectOf } from '@/lib/access';
import { useSessionActions } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { apiRequest } from '@/lib/api-client';
import { useSessionModalVariant } from '@/lib/session-modal-variant';
import { useIdleTimeout } from '../hooks/use-idle-timeout.ts';
import { InactivityModal, SessionExpiredModal } from './session-modals.tsx';
import { SideNav } from './side-nav.tsx';
import { isGuest } from '@krowd/domain/access/access.rules';

/**
 * The application shell: side navigation by role (collapsible; a burger menu on phones), the
 * header with the brand name and the 'Beta' tag, and the session modals.
 */
export function AppLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopCollapsed, desktop] = useDisclosure(false);
  const location = useLocation();
  const settings = useSettings();
  const { signedOut } = useSessionActions();
  const [inactive, setInactive] = useState(false);
  const sessionModalVariant = useSessionModalVariant();
  const idleMs = settings.data ? settings.data.sessionIdleMinutes * 60_000 : undefined;
  useIdleTimeout(inactive ? undefined : idleMs, () => {
    setInactive(true);
    // The server would end the idle session by itself; ending it now means it cannot be reused.
    // The user stays known here until 'Login again', so the modal stays on screen.
    void apiRequest('auth/logout', { method: 'POST', sessionRequired: false }).catch(() => undefined);
  });

  const handleLoginAgain = () =>
    signedOut({ to: paths.login, state: { from: location.pathname + location.search } });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: desktopCollapsed },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open menu"
            />
            <Burger
              opened={!desktopCollapsed}
              onClick={desktop.toggle}
              visibleFrom="sm"
              size="sm"
              aria-label={desktopCollapsed ? 'Expand menu' : 'Collapse menu'}
            />
            <Logo size={28} />
            <Badge variant="light" color="orange" size="sm">
              Beta
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap" data-testid="header-entity">
            <Text fw={600} truncate maw={280}>
              {user.entity.name}
            </Text>
            <Text c="dimmed" size="sm" visibleFrom="md">
              {user.displayName}
            </Text>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow component={ScrollArea}>
          <SideNav subject={subjectOf(user)} locked={isGuest(user)} onNavigate={mobile.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
      <SessionExpiredModal variant={sessionModalVariant} onLoginAgain={handleLoginAgain} />
      <InactivityModal opened={inactive} variant={sessionModalVariant} onLoginAgain={handleLoginAgain} />
    </AppShell>
  );
}
