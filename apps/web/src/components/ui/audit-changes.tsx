import { List, Text } from '@mantine/core';
import { readableChanges } from '@krowd/domain/audit/audit-list.rules';
import type { AuditEvent } from '@krowd/domain/audit/audit.schema';
import { messages } from '@krowd/domain/messages/messages';

/** An audit event's changes, one line a field: 'Budget: £500.00 → £750.50' (the audit log, a campaign's versions). */
export function AuditChanges({ changes }: { changes: AuditEvent['changes'] }) {
  const lines = readableChanges(changes);
  if (lines.length === 0) return <Text size="sm">{messages.audit.noChanges}</Text>;
  return (
    <List size="sm" spacing={2}>
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}
