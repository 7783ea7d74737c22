import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import classes from './code-block.module.css';

export interface CodeBlockProps {
  /** What the code is, for its caption and the name of its scrolling region. */
  label: string;
  code: string;
}

/**
 * A code example with its caption and a copy button. The code scrolls sideways inside its own box,
 * which the keyboard can focus and scroll (axe 'scrollable-region-focusable'), so a long line never
 * widens the page.
 */
export function CodeBlock({ label, code }: CodeBlockProps) {
  const captionId = useId();
  return (
    <Stack gap={4} className={classes.frame}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text id={captionId} size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant="subtle"
              // Never squeezed by a caption that wraps: its word stays whole.
              style={{ flexShrink: 0 }}
              onClick={copy}
              aria-label={copied ? messages.common.copied : messages.common.copyOf(label)}
            >
              {copied ? messages.common.copied : messages.common.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
      <pre className={classes.code} tabIndex={0} role="region" aria-labelledby={captionId}>
        <code>{code}</code>
      </pre>
    </Stack>
  );
}
