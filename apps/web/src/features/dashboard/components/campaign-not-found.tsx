import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { messages } from '@krowd/domain/messages/messages';
import { ApiError } from '@/lib/api-client';

const m = messages.report;

/** Whether reading the campaign failed because there is none for this user (the API's 404). */
export const isCampaignMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A report or print address whose campaign does not exist (or is outside the user's scope, which
 * the API answers alike): a page of its own with its own title, rather than 'Campaign Overview -'
 * and an empty name.
 */
export function CampaignNotFound() {
  return (
    <Paper withBorder p="xl" radius="md" data-testid="campaign-not-found">
      <Stack align="center" gap="xs">
        <IconFileUnknown size={40} stroke={1.4} aria-hidden color="var(--mantine-color-gray-6)" />
        <Title order={2}>{m.campaignNotFoundTitle}</Title>
        <Text c="dimmed" ta="center" maw={480}>
          {m.campaignNotFoundBody}
        </Text>
      </Stack>
    </Paper>
  );
}
