import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';
import { Logo } from './logo.tsx';
import classes from './auth-layout.module.css';

export interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  /** A message shown as a heading above the form (e.g. a failed guest link). */
  heading?: ReactNode;
  children: ReactNode;
}

/** The signed-out screens: the product's pitch on the left, the form card on the right. */
export function AuthLayout({ title, subtitle, heading, children }: AuthLayoutProps) {
  return (
    <Box className={classes.page}>
      <Box className={classes.aside} visibleFrom="md">
        <Logo inverted size={40} />
        <Stack gap="md" maw={440}>
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
      <Box className={classes.main}>
        <Paper className={classes.card} withBorder shadow="sm" p="xl" radius="md">
          <Box hiddenFrom="md" mb="lg">
            <Logo />
          </Box>
          {heading ? (
            <Title order={3} c="red.7" mb="md" role="alert" data-testid="login-heading">
              {heading}
            </Title>
          ) : null}
          <Title order={2} mb={4}>
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
