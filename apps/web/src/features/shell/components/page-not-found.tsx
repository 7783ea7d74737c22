import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { canOpen } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { audienceOfUser } from '@/lib/access';
import { useSessionUser } from '@/lib/session';
import { paths } from '@/config/paths';
import { mainContentId } from '@/components/ui/skip-link';

/**
 * Spec 3 §2.8 Page Not Found. Go Back leads to creating a campaign, or to the user's own start
 * page when they cannot create one.
 */
export function PageNotFound() {
  const user = useSessionUser();
  const goBackTo =
    !user || canOpen(audienceOfUser(user), 'campaignsCreate') ? paths.page('campaignsCreate') : paths.user;
  return (
    <Center component="main" id={mainContentId} tabIndex={-1} mih="70vh" p="lg">
      <Stack align="center" gap="sm" maw={520}>
        <Text fz={72} fw={800} c="teal.7" lh={1}>
          404
        </Text>
        <Title order={1} size="h2">
          {messages.pageNotFound.title}
        </Title>
        <Text c="dimmed" ta="center">
          {messages.pageNotFound.body}
        </Text>
        <Button component={Link} to={goBackTo} mt="md">
          {messages.pageNotFound.goBack}
        </Button>
      </Stack>
    </Center>
  );
}
