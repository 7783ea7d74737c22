import { ActionIcon, Button, Group, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  currentMonth,
  displayDate,
  earliestPauseDate,
  formatPauseRange,
  nextChildMonth,
  parsePauseRange,
  pauseRangeIssue,
  periodOf,
  shiftMonth,
  type PauseRange,
} from '@krowd/domain/campaign/campaign-dates.rules';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { serverErrorOf } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { usePauseCampaign } from '../api/campaign-calls.ts';

const m = messages.campaign;

const pauseMessages = {
  invalidDate: () => m.pauseInvalidDate,
  endBeforeStart: () => m.pauseEndBeforeStart,
  overlaps: () => m.pauseOverlaps,
  tooEarly: (earliest: string) => m.pauseTooEarly(displayDate(earliest)),
};

/**
 * 'Edit details of child campaign (name)': the Campaign settings table of a recurring primary
 * (spec 1 §2) with its paused ranges, added and deleted after a confirmation.
 */
export function PauseSettingsModal({
  campaign,
  timeZone,
  onClose,
}: {
  campaign: CampaignListItem;
  timeZone: string;
  onClose: () => void;
}) {
  const pause = usePauseCampaign();
  const now = new Date();
  const earliest = earliestPauseDate(now, timeZone);
  const ranges = campaign.pausedDate.map(parsePauseRange).filter((r): r is PauseRange => r !== null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [confirming, setConfirming] = useState<{ action: 'add' | 'delete'; range: PauseRange } | null>(null);
  const issue = from && to ? pauseRangeIssue(ranges, { from, to }, now, timeZone) : null;
  const issueText = issue ? pauseMessages[issue](earliest) : null;

  const primaryMonth = campaign.start_date.slice(0, 7);
  const thisMonth = currentMonth(now, timeZone);
  const passed: string[] = [];
  for (let month = shiftMonth(primaryMonth, 1); month <= thisMonth; month = shiftMonth(month, 1))
    passed.push(month);
  const next = nextChildMonth(primaryMonth, passed, ranges);

  const handleConfirm = async () => {
    if (!confirming) return;
    try {
      const result = await pause.mutateAsync({
        id: campaign._id,
        action: confirming.action,
        range: formatPauseRange(confirming.range),
        brandName: campaign.brandName,
      });
      notify.success(result.respMessage ?? '');
      setFrom('');
      setTo('');
      onClose();
    } catch (error) {
      notify.error(serverErrorOf(error));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <>
      <Modal opened onClose={onClose} size="xl" title={m.childCampaignTitle(campaign.name)}>
        <Stack>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.settingsColumns.primaryCampaignName}</Table.Th>
                <Table.Th>{m.settingsColumns.discountPercent}</Table.Th>
                <Table.Th>{m.settingsColumns.startedOn}</Table.Th>
                <Table.Th>{m.settingsColumns.nextCampaign}</Table.Th>
                <Table.Th>{m.settingsColumns.pausedDuration}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{campaign.name}</Table.Td>
                <Table.Td>
                  {campaign.discountPercent ?? campaign.discountSpreadValue ?? messages.common.notAvailable}
                </Table.Td>
                <Table.Td>{displayDate(campaign.start_date)}</Table.Td>
                <Table.Td>{next ? periodOf(next) : messages.common.notAvailable}</Table.Td>
                <Table.Td>
                  {ranges.length === 0 ? (
                    messages.common.notAvailable
                  ) : (
                    <Stack gap={4}>
                      {ranges.map((range) => (
                        <Group key={range.from} gap={6} wrap="nowrap">
                          <Text size="sm">{formatPauseRange(range)}</Text>
                          <Tooltip label={m.deletePausedRange}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={m.deletePausedRangeNamed(formatPauseRange(range))}
                              onClick={() => setConfirming({ action: 'delete', range })}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text fw={600}>{m.pauseSeries}</Text>
          <Group align="flex-start" grow>
            <TextInput
              type="date"
              label={m.pausedFrom}
              min={earliest}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={m.pausedTo}
              min={from || earliest}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={issueText}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {m.earliestPause(displayDate(earliest))}
          </Text>
          <Group justify="flex-end">
            <Button
              disabled={!from || !to || issue !== null}
              onClick={() => setConfirming({ action: 'add', range: { from, to } })}
            >
              {m.addPausedRange}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={m.pleaseConfirm}
        centered
      >
        <Text mb="lg">
          {confirming?.action === 'add'
            ? m.pauseQuestion(displayDate(confirming.range.from), displayDate(confirming.range.to))
            : confirming
              ? m.deletePauseQuestion(formatPauseRange(confirming.range))
              : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {messages.common.cancel}
          </Button>
          <Button
            onClick={() => void handleConfirm()}
            loading={pause.isPending}
            color={confirming?.action === 'delete' ? 'red' : undefined}
          >
            {m.confirm}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
