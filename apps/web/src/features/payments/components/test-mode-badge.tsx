import { Badge } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { messages } from '@krowd/domain/messages/messages';

/** Says plainly that the built-in test provider runs: no bank is involved and no money moves (brief §4). */
export function TestModeBadge() {
  return (
    <Badge
      color="yellow.5"
      autoContrast
      variant="filled"
      size="lg"
      tt="none"
      style={{ flexShrink: 0 }}
      leftSection={<IconFlask size={14} />}
    >
      {messages.payment.testMode}
    </Badge>
  );
}
