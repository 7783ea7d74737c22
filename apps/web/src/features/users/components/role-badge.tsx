import { Badge } from '@mantine/core';
import type { BrandRole } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';

/** One colour a role, so the Users list reads at a glance (spec 2 §2.5). */
const roleColours: Record<BrandRole, string> = {
  companyAdmin: 'grape',
  brandAdmin: 'blue',
  brandUser: 'teal',
  groupAdmin: 'indigo',
  groupUser: 'cyan',
  user: 'gray',
};

export function RoleBadge({ role }: { role: BrandRole | null }) {
  if (!role) return null;
  return (
    <Badge color={roleColours[role]} variant="light" radius="sm">
      {messages.user.roles[role]}
    </Badge>
  );
}
