import { Button, Group, List, Modal, ScrollArea, Text } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

const m = messages.campaign;

export interface TermsModalProps {
  opened: boolean;
  busy: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/**
 * The reward-partner terms, accepted once before the first campaign is saved (spec 1 §6), with the
 * points the spec states the terms hold (spec 1 §9).
 */
export function TermsModal({ opened, busy, onAccept, onCancel }: TermsModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={m.termsTitle} size="lg" centered>
      {/* Scrolled by the keyboard too (WCAG 2.1.1): the terms' box takes the focus, named as them. */}
      <ScrollArea.Autosize
        mah={380}
        scrollbars="y"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': m.termsTitle }}
      >
        <Text size="sm" mb="sm">
          {m.termsIntro}
        </Text>
        <List size="sm" spacing={6}>
          {m.termsPoints.map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {messages.common.cancel}
        </Button>
        <Button onClick={onAccept} loading={busy}>
          {messages.common.accept}
        </Button>
      </Group>
    </Modal>
  );
}
