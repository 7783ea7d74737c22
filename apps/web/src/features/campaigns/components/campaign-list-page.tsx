import { Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { canOpen } from '@krowd/domain/access/access.rules';
import { campaignActionPage, type CampaignAction } from '@krowd/domain/campaign/campaign-actions.rules';
import {
  currentMonth,
  periodOf,
  shiftMonth,
  type CampaignPhase,
} from '@krowd/domain/campaign/campaign-dates.rules';
import {
  campaignMonthFilters,
  campaignSearchMinLength,
  campaignSortFields,
} from '@krowd/domain/campaign/campaign-list.schema';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { discountText } from '@krowd/domain/campaign/campaign.rules';
import { messages } from '@krowd/domain/messages/messages';
import { BudgetUse } from '@/components/ui/budget-use';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { MonthField } from '@/components/ui/date-fields';
import { listFailureText, useListFailureNotice } from '@/components/ui/use-entity-list';
import { useEntityListState } from '@/components/ui/use-entity-list-state';
import { serverErrorOf } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useCampaignList } from '../api/get-campaign-list.ts';
import { useDeleteCampaign } from '../api/delete-campaign.ts';
import { useReviewCampaign } from '../api/review-campaign.ts';
import { useStopCampaign } from '../api/stop-campaign.ts';
import { CampaignRowActions } from './campaign-row-actions.tsx';
import { PauseSettingsModal } from './pause-settings-modal.tsx';
import { SimulateCampaignModal } from './simulate-campaign-modal.tsx';

const m = messages.campaign;
const statusColours = { Approved: 'teal', Submitted: 'blue', Rejected: 'red' } as const;
/** The list opens newest first (the server's default). */
const defaultSort = { field: 'created', direction: 'desc' } as const;

const orNA = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? messages.common.notAvailable : value;

const discountOf = (campaign: CampaignListItem) => discountText(campaign) ?? messages.common.notAvailable;

/**
 * The Future, Current and Past campaign lists (spec 3 §2.1–2.3): server paging, sort (desc first),
 * search from 4 characters (resets to page 1), the month filter each list has (Current only: the
 * Past list's is hidden, spec 3 §2.2), and the actions each role has.
 */
export function CampaignListPage({ phase }: { phase: CampaignPhase }) {
  const user = useSessionUser()!;
  const audience = audienceOfUser(user);
  const timeZone = useSettings().data?.timezone ?? 'America/New_York';
  const [now] = useState(() => new Date());
  /** The first month a stopped series no longer runs, 'MM/YYYY'. */
  const nextPeriod = periodOf(`${shiftMonth(currentMonth(now, timeZone), 1)}-01`);
  const navigate = useNavigate();
  const state = useEntityListState({ sortFields: campaignSortFields });
  const sort = state.sort ?? defaultSort;
  const [search, setSearch] = useState(state.search);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 400);
  const effectiveSearch = debouncedSearch.length >= campaignSearchMinLength ? debouncedSearch : '';
  const [startMonth, setStartMonth] = useState('');
  const [endMonth, setEndMonth] = useState('');
  const monthsInOrder = !startMonth || !endMonth || startMonth <= endMonth;
  const list = useCampaignList({
    phase,
    page: state.page,
    limit: state.limit,
    sortfield: sort.field,
    direction: sort.direction,
    search: effectiveSearch,
    startMonth: monthsInOrder ? startMonth || undefined : undefined,
    endMonth: monthsInOrder ? endMonth || undefined : undefined,
  });
  useListFailureNotice(list.error);
  const remove = useDeleteCampaign();
  const review = useReviewCampaign();
  const [deleting, setDeleting] = useState<CampaignListItem | null>(null);
  const stop = useStopCampaign();
  const [stopping, setStopping] = useState<CampaignListItem | null>(null);
  const [reviewing, setReviewing] = useState<{
    campaign: CampaignListItem;
    action: 'confirm' | 'reject';
  } | null>(null);
  const [pausing, setPausing] = useState<CampaignListItem | null>(null);
  const [simulating, setSimulating] = useState<CampaignListItem | null>(null);

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      const result = await remove.mutateAsync(deleting._id);
      notify.success(result.respMessage ?? m.deleted);
    } catch (error) {
      notify.error(serverErrorOf(error));
    } finally {
      setDeleting(null);
    }
  };

  const handleStop = async () => {
    if (!stopping) return;
    try {
      const result = await stop.mutateAsync(stopping._id);
      notify.success(result.respMessage ?? '');
    } catch (error) {
      notify.error(serverErrorOf(error));
    } finally {
      setStopping(null);
    }
  };

  const handleReview = async () => {
    if (!reviewing) return;
    try {
      const result = await review.mutateAsync({ id: reviewing.campaign._id, action: reviewing.action });
      notify.success(result.respMessage ?? '');
    } catch (error) {
      notify.error(serverErrorOf(error));
    } finally {
      setReviewing(null);
    }
  };

  const handleAction = (action: CampaignAction, campaign: CampaignListItem) => {
    const id = campaign._id;
    switch (action) {
      case 'open':
      case 'editOverview':
        return navigate(paths.page(campaignActionPage(action, audience), { id }));
      case 'edit':
        return navigate(`${paths.page('campaignsEdit')}?id=${id}&brandId=${campaign.brandId}`);
      case 'pause':
        return setPausing(campaign);
      case 'delete':
        return setDeleting(campaign);
      case 'stop':
        return setStopping(campaign);
      case 'confirmTemplates':
        return setReviewing({ campaign, action: 'confirm' });
      case 'rejectTemplates':
        return setReviewing({ campaign, action: 'reject' });
      case 'simulate':
        return setSimulating(campaign);
    }
  };

  const columns: DataTableColumn<CampaignListItem>[] = [
    {
      key: 'actions',
      header: messages.common.actions,
      render: (c) => (
        <CampaignRowActions campaign={c} phase={phase} audience={audience} onAction={handleAction} />
      ),
    },
    { key: 'name', header: m.columns.name, sortField: 'name', render: (c) => c.name },
    {
      key: 'status',
      header: messages.common.status,
      sortField: 'status',
      render: (c) => (
        <Badge variant="light" color={statusColours[c.statusLabel]} tt="none" miw={96}>
          {c.statusLabel}
        </Badge>
      ),
    },
    { key: 'discount', header: m.columns.discount, sortField: 'discountPercent', render: discountOf },
    // The caps in a line (decision 0116), beside the offer they limit.
    { key: 'caps', header: m.columns.caps, render: (c) => c.caps },
    // What it spent of its budget and when that runs out at the pace so far (decision 0120).
    {
      key: 'budgetUse',
      header: m.budgetUse.column,
      render: (c) => <BudgetUse name={c.name} budgetUse={c.budgetUse} />,
    },
    {
      key: 'successFee',
      header: m.columns.successFee,
      sortField: 'successFee',
      render: (c) => `${c.successFee}%`,
    },
    { key: 'period', header: m.columns.period, sortField: 'start_date', render: (c) => c.period },
    { key: 'branches', header: m.columns.branches, render: (c) => orNA(c.merchantNames.join(', ')) },
    {
      key: 'customerType',
      header: m.columns.customerType,
      sortField: 'customerType',
      render: (c) => m.customerTypeLabels[c.customerType],
    },
    {
      key: 'suggestions',
      header: m.columns.suggestions,
      sortField: 'suggestions',
      render: (c) => (
        <Text size="sm" lineClamp={2} maw={220}>
          {orNA(c.suggestions)}
        </Text>
      ),
    },
    {
      key: 'recurring',
      header: m.columns.recurring,
      sortField: 'recurring',
      render: (c) => (c.recurring ? messages.common.yes : messages.common.no),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            aria-label={m.searchPlaceholder}
            placeholder={m.searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              state.update({ q: event.currentTarget.value.trim(), page: '' });
            }}
            description={
              search.trim().length > 0 && search.trim().length < campaignSearchMinLength
                ? m.searchMin(campaignSearchMinLength)
                : undefined
            }
            w={280}
          />
          {campaignMonthFilters[phase] === 'shown' ? (
            <>
              <MonthField
                label={m.fromMonth}
                value={startMonth}
                clearable
                onChange={(month) => {
                  setStartMonth(month);
                  state.update({ page: '' });
                }}
              />
              <MonthField
                label={m.toMonth}
                value={endMonth}
                minMonth={startMonth || undefined}
                clearable
                error={monthsInOrder ? undefined : m.searchMonthOrder}
                onChange={(month) => {
                  setEndMonth(month);
                  state.update({ page: '' });
                }}
              />
            </>
          ) : null}
        </Group>
        {canOpen(audience, 'campaignsCreate') ? (
          <Button onClick={() => navigate(paths.page('campaignsCreate'))}>{m.createTitle}</Button>
        ) : null}
      </Group>
      <DataTable
        columns={columns}
        rows={list.data?.campaigns ?? []}
        rowKey={(c) => c._id}
        emptyMessage={listFailureText(list.error, (list.data?.campaigns.length ?? 0) > 0)}
        loading={list.isFetching}
        pagination={list.data?.pagination}
        {...state.table}
        sort={sort}
      />

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={m.deleteTitle} centered>
        <Text mb="lg">{deleting ? m.deleteConfirm(deleting.name) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)} data-autofocus>
            {messages.common.cancel}
          </Button>
          <Button color="red" onClick={() => void handleDelete()} loading={remove.isPending}>
            {messages.common.delete}
          </Button>
        </Group>
      </Modal>
      <Modal opened={stopping !== null} onClose={() => setStopping(null)} title={m.stopSeriesTitle} centered>
        <Text mb="lg">{stopping ? m.stopSeriesConfirm(stopping.name, nextPeriod) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setStopping(null)}>
            {messages.common.cancel}
          </Button>
          <Button color="red" onClick={() => void handleStop()} loading={stop.isPending}>
            {m.stopSeries}
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={reviewing !== null}
        onClose={() => setReviewing(null)}
        title={m.templatesConfirmationTitle}
        centered
      >
        <Text mb="lg">{m.templatesConfirm}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setReviewing(null)}>
            {messages.common.cancel}
          </Button>
          <Button
            color={reviewing?.action === 'reject' ? 'red' : undefined}
            onClick={() => void handleReview()}
            loading={review.isPending}
          >
            {reviewing?.action === 'reject' ? m.reject : m.confirm}
          </Button>
        </Group>
      </Modal>
      {pausing ? (
        <PauseSettingsModal campaign={pausing} timeZone={timeZone} onClose={() => setPausing(null)} />
      ) : null}
      {simulating ? (
        <SimulateCampaignModal
          campaign={simulating}
          timeZone={timeZone}
          onClose={() => setSimulating(null)}
        />
      ) : null}
    </Stack>
  );
}
