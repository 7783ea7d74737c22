import { Group, Text } from '@mantine/core';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';

/** The product's mark and name. */
export function Logo({ inverted = false, size = 32 }: { inverted?: boolean; size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : '#0b7285'} />
        <path d="M20 16h8v14l12-14h10L36 32l15 16H40L28 35v13h-8z" fill={inverted ? '#0b7285' : '#ffffff'} />
      </svg>
      <Text fw={800} fz={size * 0.6} c={inverted ? 'white' : 'dark.7'} style={{ letterSpacing: -0.5 }}>
        {signInMessages.common.productName}
      </Text>
    </Group>
  );
}
