import { Box, Button, Container, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@krowd/domain/messages/messages';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { insightsKeys } from '../api/keys.ts';
import { useLogoutInsightsVisitor } from '../api/logout-insights-visitor.ts';
import { insightsPassStore, useInsightsPass, type InsightsPass } from '../insights-pass.ts';
import { insightsLoginCodes } from '../login-codes.ts';
import { SignUpDialog } from './sign-up-dialog.tsx';
import { SocialAnalytics, type InsightsTab } from './social-analytics.tsx';

const m = messages.insightsWeb;

/** The public tabs' addresses (spec 3 §2.9: /insights/overview, /insights/trends; Similarity is ours). */
export const publicTabHref = (tab: InsightsTab): string =>
  tab === 'overview'
    ? paths.insightsOverview
    : tab === 'trends'
      ? paths.insightsTrends
      : paths.insightsSimilarity;

const loginHref = paths.getInsights.replace(':code', insightsLoginCodes[0]!);

/** Spec 3 §2.7 header: logo, the visitor's e-mail, Sign Up, and Logout after 'Are you sure you want to Logout?'. */
function InsightsHeader({ pass }: { pass: InsightsPass }) {
  const [confirmOpened, confirm] = useDisclosure(false);
  const [signUpOpened, signUp] = useDisclosure(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogoutInsightsVisitor();

  const handleLogout = () => {
    // The pass ends on the server too; the browser forgets it whatever the answer (it may be gone).
    logout.mutate(pass.insightsPass);
    insightsPassStore.clear();
    queryClient.removeQueries({ queryKey: insightsKeys.all });
    confirm.close();
    void navigate(paths.login);
  };

  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Logo size={28} />
          {/* On a phone the e-mail takes a line of its own above the buttons. */}
          <Group gap="xs" wrap="wrap" justify="flex-end" style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate maw={260} data-testid="insights-email">
              {pass.email}
            </Text>
            <Button size="xs" onClick={signUp.open}>
              {m.signUp}
            </Button>
            <Button size="xs" variant="default" onClick={confirm.open}>
              {m.logout}
            </Button>
          </Group>
        </Group>
      </Container>
      <Modal opened={confirmOpened} onClose={confirm.close} title={m.logout} centered>
        <Text mb="lg">{messages.auth.logoutConfirm}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={confirm.close}>
            {m.cancel}
          </Button>
          <Button color="red" onClick={handleLogout}>
            {m.logout}
          </Button>
        </Group>
      </Modal>
      <SignUpDialog opened={signUpOpened} onClose={signUp.close} pass={pass} />
    </Box>
  );
}

/** Without a pass: what the page is and where to log in. */
function NoPass() {
  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="xl">
        <Logo />
        <Paper withBorder p="xl" radius="md">
          <Stack gap="md" align="flex-start">
            <Title order={1} size="h2">
              {messages.insights.title}
            </Title>
            <Text>{insightsPassStore.wasRefused() ? messages.insights.passExpired : m.noPass}</Text>
            <Button component={Link} to={loginHref}>
              {m.openLogin}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

/**
 * /socialanalytics, /insights/overview, /insights/trends, /insights/similarity (spec 3 §2.7): the
 * brand's social analytics for a visitor who logged in at /getinsights/{code}. No revenue: the
 * server answers the teaser instead.
 */
export function PublicInsightsPage({ tab }: { tab: InsightsTab }) {
  const pass = useInsightsPass();
  useEffect(() => {
    document.title = messages.common.documentTitle(messages.insights.title);
  }, []);
  if (!pass) return <NoPass />;
  return (
    <Box mih="100vh" bg="gray.0">
      <InsightsHeader pass={pass} />
      <Container component="main" size="xl" py="lg">
        <Stack gap="lg">
          <Box>
            <Title order={1} size="h2">
              {messages.insights.title}
            </Title>
            <Text c="dimmed" data-testid="insights-brand">
              {pass.brandName}
            </Text>
          </Box>
          <SocialAnalytics
            caller={{ pass: pass.insightsPass }}
            brandId={pass.brandId}
            tab={tab}
            tabHref={publicTabHref}
          />
        </Stack>
      </Container>
    </Box>
  );
}
