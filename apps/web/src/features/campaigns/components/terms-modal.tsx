import { Button, Group, List, Modal, ScrollArea, Text } from '@mantine/core';

export interface TermsModalProps {
  opened: boolean;
  busy: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/**
 * The reward-partner terms, accepted once before the first campaign is saved (spec 1 §6). The
 * points below are the ones the spec states the terms hold (spec 1 §9).
 */
export function TermsModal({ opened, busy, onAccept, onCancel }: TermsModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Terms and conditions" size="lg" centered>
      <ScrollArea.Autosize mah={380}>
        <Text size="sm" mb="sm">
          By running campaigns on the marketplace as a reward partner you agree that:
        </Text>
        <List size="sm" spacing={6}>
          <List.Item>
            You make an offer that publishers show to their enrolled cardholders, and honour its redemption.
          </List.Item>
          <List.Item>
            An offer may be amended until 30 calendar days before the end of the month before the month it
            runs.
          </List.Item>
          <List.Item>
            The success fee and cashback are invoiced after the campaign has run and its return period (at
            most 30 days) has passed, collected by direct debit and payable within a calendar month.
          </List.Item>
          <List.Item>Late payments carry interest at 3% above the base rate.</List.Item>
          <List.Item>Merchant IDs may be uploaded up to 30 days ahead.</List.Item>
          <List.Item>A data breach must be notified within 24 hours.</List.Item>
          <List.Item>The marketplace acts as an intermediary between you and the publishers.</List.Item>
        </List>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onAccept} loading={busy}>
          Accept
        </Button>
      </Group>
    </Modal>
  );
}
