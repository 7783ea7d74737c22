import { ActionIcon, Button, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  currentMonth,
  displayDate,
  earliestPauseDate,
  formatPauseRange,
  localToday,
  nextChildMonth,
  parsePauseRange,
  pauseRangeIssue,
  pauseRangesOverlap,
  pauseRemovalOn,
  periodOf,
  shiftMonth,
  type PauseRange,
} from '@krowd/domain/campaign/campaign-dates.rules';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { discountText } from '@krowd/domain/campaign/campaign.rules';
import { messages } from '@krowd/domain/messages/messages';
import { DateField } from '@/components/ui/date-fields';
import { serverErrorOf } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { usePauseCampaign } from '../api/pause-campaign.ts';

const m = messages.campaign;

const pauseMessages = {
  invalidDate: () => m.pauseInvalidDate,
  endBeforeStart: () => m.pauseEndBeforeStart,
  overlaps: () => m.pauseOverlaps,
  tooEarly: (earliest: string) => m.pauseTooEarly(displayDate(earliest)),
};

type Confirming =
  | { action: 'add'; range: PauseRange }
  | { action: 'delete'; range: PauseRange }
  | { action: 'edit'; range: PauseRange; replacement: PauseRange };

const sameRange = (a: PauseRange, b: PauseRange) => a.from === b.from && a.to === b.to;

/**
 * The Campaign settings of a recurring series (spec 1 §2), titled 'Edit details of primary
 * campaign (name)' for its primary (spec 3 §2.1 words it for a child): its paused ranges, added,
 * edited and deleted after a confirmation. The pickers take DD/MM/YYYY and offer no day before the
 * earliest pause date or inside another range; the server checks an edit as it checks an addition.
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
  // A range that is over stays: its days were paused (docs/decisions/0120), so it offers no change.
  const today = localToday(now, timeZone);
  const isOver = (range: PauseRange) => pauseRemovalOn(range, today).kind === 'over';
  const ranges = campaign.pausedDate.map(parsePauseRange).filter((r): r is PauseRange => r !== null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  /** The range being changed, when one is. */
  const [editing, setEditing] = useState<PauseRange | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const others = editing ? ranges.filter((range) => !sameRange(range, editing)) : ranges;
  const issue = from && to ? pauseRangeIssue(others, { from, to }, now, timeZone) : null;
  const issueText = issue ? pauseMessages[issue](earliest) : null;
  const insideOther = (date: string) =>
    others.some((range) => pauseRangesOverlap(range, { from: date, to: date }));
  const title = campaign.is_primary_campaign ? m.primaryCampaignTitle : m.childCampaignTitle;

  const handleEdit = (range: PauseRange) => {
    setEditing(range);
    setFrom(range.from);
    setTo(range.to);
  };
  const handleCancelEdit = () => {
    setEditing(null);
    setFrom('');
    setTo('');
  };

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
        ...(confirming.action === 'edit' ? { newRange: formatPauseRange(confirming.replacement) } : {}),
        brandName: campaign.brandName,
      });
      notify.success(result.respMessage ?? '');
      handleCancelEdit();
      onClose();
    } catch (error) {
      notify.error(serverErrorOf(error));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <>
      <Modal opened onClose={onClose} size="xl" title={title(campaign.name)}>
        <Stack>
          {/* On a phone the table scrolls within the dialog, the dialog itself never sideways. */}
          <Table.ScrollContainer minWidth={560}>
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
                  <Table.Td>{discountText(campaign) ?? messages.common.notAvailable}</Table.Td>
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
                            {isOver(range) ? null : (
                              <>
                                <Tooltip label={m.editPausedRangeNamed(formatPauseRange(range))}>
                                  <ActionIcon
                                    variant="subtle"
                                    aria-label={m.editPausedRangeNamed(formatPauseRange(range))}
                                    onClick={() => handleEdit(range)}
                                  >
                                    <IconPencil size={16} />
                                  </ActionIcon>
                                </Tooltip>
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
                              </>
                            )}
                          </Group>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text fw={600}>{editing ? m.editingPausedRange(formatPauseRange(editing)) : m.pauseSeries}</Text>
          <Group align="flex-start" grow>
            <DateField
              label={m.pausedFrom}
              minDate={earliest}
              excludeDate={insideOther}
              value={from}
              onChange={setFrom}
              popoverProps={{ withinPortal: true }}
            />
            <DateField
              label={m.pausedTo}
              minDate={from || earliest}
              excludeDate={insideOther}
              value={to}
              onChange={setTo}
              error={issueText}
              popoverProps={{ withinPortal: true }}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {m.earliestPause(displayDate(earliest))}
          </Text>
          <Group justify="flex-end">
            {editing ? (
              <Button variant="default" onClick={handleCancelEdit}>
                {m.cancelEdit}
              </Button>
            ) : null}
            <Button
              disabled={!from || !to || issue !== null}
              onClick={() =>
                setConfirming(
                  editing
                    ? { action: 'edit', range: editing, replacement: { from, to } }
                    : { action: 'add', range: { from, to } },
                )
              }
            >
              {editing ? m.savePausedRange : m.addPausedRange}
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
        <Text mb="lg">{confirming ? confirmQuestion(confirming) : ''}</Text>
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

function confirmQuestion(confirming: Confirming): string {
  switch (confirming.action) {
    case 'add':
      return m.pauseQuestion(displayDate(confirming.range.from), displayDate(confirming.range.to));
    case 'edit':
      return m.editPauseQuestion(
        formatPauseRange(confirming.range),
        displayDate(confirming.replacement.from),
        displayDate(confirming.replacement.to),
      );
    case 'delete':
      return m.deletePauseQuestion(formatPauseRange(confirming.range));
  }
}
