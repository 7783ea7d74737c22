import { Badge, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';
import { Logo } from '@/components/ui/logo';
import { mainContentId, SkipLink } from '@/components/ui/skip-link';
import classes from './area-frame.module.css';

const m = signInMessages.shell;

export interface AreaFrameProps {
  /** The side navigation; it closes the phone menu when an item is followed. Empty until signed in. */
  navbar?: (closeMobileMenu: () => void) => ReactNode;
  /** The header's right side: who is signed in. */
  entity?: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in area's frame: the header with the menu buttons, the mark and the 'Beta' tag, the
 * side navigation's column (collapsible; a burger menu on phones) and the page. Drawn from the
 * address alone while the session loads, then with the user's navigation, at the same place. Its
 * own few styles rather than Mantine's AppShell: the frame is on the first script every address
 * loads, and the AppShell with its scroll lock added 10 KB compressed to it.
 */
export function AreaFrame({ navbar, entity, children }: AreaFrameProps) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopCollapsed, desktop] = useDisclosure(false);
  const state = {
    'data-mobile-opened': mobileOpened || undefined,
    'data-desktop-collapsed': desktopCollapsed || undefined,
  };
  return (
    <div className={classes.frame}>
      <SkipLink />
      <Group component="header" className={classes.header} px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={mobileOpened}
            onClick={mobile.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={m.openMenu}
          />
          <Burger
            opened={!desktopCollapsed}
            onClick={desktop.toggle}
            visibleFrom="sm"
            size="sm"
            aria-label={desktopCollapsed ? m.expandMenu : m.collapseMenu}
          />
          <Logo size={28} />
          <Badge variant="light" color="orange" size="sm">
            {m.beta}
          </Badge>
        </Group>
        {entity}
      </Group>
      <Box className={classes.navbar} {...state}>
        {navbar?.(mobile.close)}
      </Box>
      <Box component="main" id={mainContentId} tabIndex={-1} className={classes.main} {...state}>
        {children}
      </Box>
    </div>
  );
}
