import { Button, Group, Modal, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronRight, IconLogout, IconSettings } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { AccessSubject } from '@krowd/domain/access/access.rules';
import { navigationFor, type NavItem } from '@krowd/domain/access/navigation.rules';
import { messages } from '@krowd/domain/messages/messages';
import { paths } from '@/config/paths';
import { useLogoutUser } from '../api/logout-user.ts';
import { navIcons } from './nav-icons.ts';

export interface SideNavProps {
  subject: AccessSubject;
  /** Guests: items show the guest alert instead of navigating, and logout is immediate. */
  locked: boolean;
  /** What a guest's alert says (`guestMenuAlert`: the onboarding's leave alert once the train runs). */
  lockedMessage?: string;
  /** Called when an item is followed (the phone menu closes). */
  onNavigate: () => void;
}

/** Spec 2 §2.1: main items, the Settings group (open by itself under /user/settings), Logout. */
export function SideNav({ subject, locked, lockedMessage, onNavigate }: SideNavProps) {
  const location = useLocation();
  const navigation = navigationFor(subject);
  const [confirmOpened, confirm] = useDisclosure(false);
  const [guestAlertOpened, guestAlert] = useDisclosure(false);
  const inSettings = location.pathname.startsWith('/user/settings');
  const [settingsOpened, setSettingsOpened] = useState(inSettings);
  const logout = useLogoutUser();

  const handleLogout = async () => {
    await logout.mutateAsync().catch(() => undefined);
    confirm.close();
  };

  const renderItem = (item: NavItem) => {
    const href = paths.page(item.page);
    const active = location.pathname === href || location.pathname.startsWith(`${href}/`);
    const ItemIcon = navIcons[item.page];
    return (
      <NavLink
        key={item.page}
        label={item.label}
        leftSection={ItemIcon ? <ItemIcon size={18} stroke={1.6} /> : null}
        component={Link}
        to={href}
        active={active}
        onClick={(event: MouseEvent) => {
          if (!locked) return onNavigate();
          event.preventDefault();
          guestAlert.open();
        }}
      />
    );
  };

  return (
    <nav aria-label={messages.shell.mainNavigation}>
      <Stack gap={2}>
        {navigation.main.map(renderItem)}
        {navigation.settings.length > 0 ? (
          <NavLink
            label={messages.shell.settings}
            leftSection={<IconSettings size={18} />}
            rightSection={<IconChevronRight size={14} />}
            opened={settingsOpened || inSettings}
            onChange={setSettingsOpened}
            childrenOffset={16}
            component="button"
          >
            {navigation.settings.map(renderItem)}
          </NavLink>
        ) : null}
        <NavLink
          label={messages.auth.logout}
          leftSection={<IconLogout size={18} />}
          onClick={() => (locked ? void handleLogout() : confirm.open())}
          component="button"
        />
      </Stack>

      <Modal opened={confirmOpened} onClose={confirm.close} title={messages.auth.logout} centered>
        <Text mb="lg">{messages.auth.logoutConfirm}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={confirm.close} data-autofocus>
            {messages.common.cancel}
          </Button>
          <Button color="red" onClick={() => void handleLogout()} loading={logout.isPending}>
            {messages.auth.logout}
          </Button>
        </Group>
      </Modal>

      <Modal opened={guestAlertOpened} onClose={guestAlert.close} title={messages.common.alert} centered>
        <Text mb="lg">{lockedMessage ?? messages.auth.guestFeatureLocked}</Text>
        <Group justify="flex-end">
          <Button onClick={guestAlert.close}>{messages.common.ok}</Button>
        </Group>
      </Modal>
    </nav>
  );
}
