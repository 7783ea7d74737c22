import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';
import { Logo } from './logo.tsx';
import { mainContentId } from './skip-link.tsx';
import classes from './auth-layout.module.css';

export interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  /** A message shown as a heading above the form (e.g. a failed guest link). */
  heading?: ReactNode;
  children: ReactNode;
}

/** The pitch's background, from and to: white and teal.0/teal.1 text at 4.5:1 on both (theme.test.ts). */
export const asideGradient = ['#0b7285', '#077051'] as const;

const asideColours = { '--aside-from': asideGradient[0], '--aside-to': asideGradient[1] } as CSSProperties;

/** The signed-out screens: the product's pitch on the left, the form card on the right. */
export function AuthLayout({ title, subtitle, heading, children }: AuthLayoutProps) {
  return (
    <Box className={classes.page}>
      <Box component="aside" className={classes.aside} style={asideColours} visibleFrom="md">
        <Logo inverted size={40} />
        <Stack gap="md" maw={440}>
          {/* The spec's heading of the side panel; the page's h1 is the form's title. */}
          <Title order={2} c="white" fw={700} lh={1.2}>
            {signInMessages.auth.pitchTitle}
          </Title>
          <Text c="teal.0" size="lg">
            {signInMessages.auth.pitchBody}
          </Text>
        </Stack>
        <Text c="teal.1" size="sm">
          {signInMessages.auth.pitchFee}
        </Text>
      </Box>
      <Box component="main" id={mainContentId} tabIndex={-1} className={classes.main}>
        <Paper className={classes.card} withBorder shadow="sm" p="xl" radius="md">
          <Box hiddenFrom="md" mb="lg">
            <Logo />
          </Box>
          {heading ? (
            <Text c="red.7" fz="h3" fw={700} mb="md" role="alert" data-testid="login-heading">
              {heading}
            </Text>
          ) : null}
          <Title order={1} size="h2" mb={4}>
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm" mb="lg">
              {subtitle}
            </Text>
          ) : null}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
