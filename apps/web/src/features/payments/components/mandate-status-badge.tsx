import { Badge } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import type { MandateStatus } from '@krowd/domain/payment/payment.schema';

const statusColours: Record<MandateStatus, string> = {
  awaiting_customer: 'gray',
  pending: 'blue',
  active: 'teal',
  failed: 'red',
  cancelled: 'orange',
};

/** A mandate's status in words a brand reads ('Pending', 'Active', …), coloured by how it stands. */
export function MandateStatusBadge({ status }: { status: MandateStatus }) {
  return (
    <Badge
      color={statusColours[status]}
      variant="light"
      tt="none"
      size="lg"
      style={{ flexShrink: 0 }}
      data-testid="mandate-status"
    >
      {messages.payment.statusLabels[status]}
    </Badge>
  );
}
