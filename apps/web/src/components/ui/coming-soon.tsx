import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { messages } from '@krowd/domain/messages/messages';

/** A screen a later release fills: says so plainly, never shows invented figures. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="coming-soon">
      <Stack align="center" gap="xs" py="xl">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconTools size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{messages.common.comingSoonScreen}</Text>
      </Stack>
    </Paper>
  );
}
