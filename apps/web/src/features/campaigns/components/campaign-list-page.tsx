import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChartBar,
  IconCheck,
  IconFlask,
  IconPencil,
  IconPlayerPause,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { can, canOpen, type Audience } from '@krowd/domain/access/access.rules';
import type { CampaignPhase } from '@krowd/domain/campaign/campaign-dates.rules';
import { campaignSearchMinLength } from '@krowd/domain/campaign/campaign-list.schema';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { DataTable, type DataTableColumn, type TableSort } from '@/components/ui/data-table';
import { serverErrorOf } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useCampaignList, useDeleteCampaign, useReviewCampaign } from '../api/campaign-calls.ts';
import { DeleteCampaignAction } from './delete-campaign-action.tsx';
import { PauseSettingsModal } from './pause-settings-modal.tsx';
import { SimulateCampaignModal } from './simulate-campaign-modal.tsx';

const m = messages.campaign;
const statusColours = { Approved: 'teal', Submitted: 'blue', Rejected: 'red' } as const;
const customerTypeLabels = { all: 'All', new: 'New', existing: 'Existing', lapsed: 'Lapsed' } as const;
const dashboardRoles: Audience[] = [
  'user',
  'companyAdmin',
  'groupAdmin',
  'brandAdmin',
  'brandUser',
  'groupUser',
];
const overviewEditRoles: Audience[] = ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'];

const orNA = (value: ReactNode) => (value === null || value === undefined || value === '' ? 'N/A' : value);

function discountOf(campaign: CampaignListItem): string {
  if (campaign.discountType === 'dv')
    return campaign.discountValue === null ? 'N/A' : `£${campaign.discountValue.toFixed(2)}`;
  const percent = campaign.discountType === 'ss' ? campaign.discountSpreadValue : campaign.discountPercent;
  return percent === null ? 'N/A' : String(percent);
}

/**
 * The Future, Current and Past campaign lists (spec 3 §2.1–2.3): server paging, sort (desc first),
 * search from 4 characters (resets to page 1), month filters, and the actions each role has.
 */
export function CampaignListPage({ phase }: { phase: CampaignPhase }) {
  const user = useSessionUser()!;
  const audience = audienceOfUser(user);
  const timeZone = useSettings().data?.timezone ?? 'America/New_York';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const limit = Number(params.get('limit') ?? 10) || 10;
  const sort: TableSort = {
    field: params.get('sort') ?? 'created',
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
  };
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 400);
  const effectiveSearch = debouncedSearch.length >= campaignSearchMinLength ? debouncedSearch : '';
  const [startMonth, setStartMonth] = useState(params.get('from') ?? '');
  const [endMonth, setEndMonth] = useState(params.get('to') ?? '');
  const monthsInOrder = !startMonth || !endMonth || startMonth <= endMonth;
  const list = useCampaignList({
    phase,
    page,
    limit,
    sortfield: sort.field,
    direction: sort.direction,
    search: effectiveSearch,
    startMonth: monthsInOrder ? startMonth || undefined : undefined,
    endMonth: monthsInOrder ? endMonth || undefined : undefined,
  });
  const remove = useDeleteCampaign();
  const review = useReviewCampaign();
  const [deleting, setDeleting] = useState<CampaignListItem | null>(null);
  const [reviewing, setReviewing] = useState<{
    campaign: CampaignListItem;
    action: 'confirm' | 'reject';
  } | null>(null);
  const [pausing, setPausing] = useState<CampaignListItem | null>(null);
  const [simulating, setSimulating] = useState<CampaignListItem | null>(null);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setParams(next, { replace: true });
  };

  const canEdit = can(audience, 'campaigns.edit');
  const canReview = can(audience, 'campaigns.review');

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

  const openPast = (campaign: CampaignListItem) =>
    navigate(
      dashboardRoles.includes(audience) && canOpen(audience, 'dashboard')
        ? paths.page('dashboard', { id: campaign._id })
        : paths.page('campaignsReport', { id: campaign._id }),
    );

  const actions = (campaign: CampaignListItem) => {
    const buttons: ReactNode[] = [];
    if (phase === 'past') {
      buttons.push(
        <Tooltip key="open" label="Open the campaign's dashboard">
          <ActionIcon
            variant="subtle"
            aria-label={`Open ${campaign.name}`}
            onClick={() => openPast(campaign)}
          >
            <IconChartBar size={18} />
          </ActionIcon>
        </Tooltip>,
      );
    }
    if (phase === 'future' && canEdit && campaign.is_primary_campaign && campaign.recurring) {
      buttons.push(
        <Tooltip key="pause" label="Pause the series">
          <ActionIcon
            variant="subtle"
            aria-label={`Pause ${campaign.name}`}
            onClick={() => setPausing(campaign)}
          >
            <IconPlayerPause size={18} />
          </ActionIcon>
        </Tooltip>,
      );
    }
    if (phase === 'future' && canEdit && campaign.editable) {
      buttons.push(
        <Tooltip key="edit" label="Edit">
          <ActionIcon
            variant="subtle"
            aria-label={`Edit ${campaign.name}`}
            onClick={() =>
              navigate(`${paths.page('campaignsEdit')}?id=${campaign._id}&brandId=${campaign.brandId}`)
            }
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>,
      );
    }
    if (phase === 'current' && canEdit) {
      buttons.push(
        <Tooltip key="edit" label="Edit the campaign overview">
          <ActionIcon
            variant="subtle"
            aria-label={`Edit ${campaign.name}`}
            onClick={() =>
              navigate(
                overviewEditRoles.includes(audience)
                  ? paths.page('campaignOverviewEdit', { id: campaign._id })
                  : paths.page('campaignsReport', { id: campaign._id }),
              )
            }
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>,
      );
    }
    if (phase !== 'past' && canEdit) {
      buttons.push(
        <DeleteCampaignAction key="delete" campaign={campaign} onDelete={() => setDeleting(campaign)} />,
      );
    }
    if (phase === 'future' && canReview && campaign.statusLabel === 'Submitted') {
      if (audience === 'bank') {
        buttons.push(
          <Tooltip key="confirm" label="Confirm templates">
            <ActionIcon
              variant="subtle"
              color="teal"
              aria-label={`Confirm templates of ${campaign.name}`}
              onClick={() => setReviewing({ campaign, action: 'confirm' })}
            >
              <IconCheck size={18} />
            </ActionIcon>
          </Tooltip>,
        );
      }
      buttons.push(
        <Tooltip key="reject" label="Reject templates">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Reject templates of ${campaign.name}`}
            onClick={() => setReviewing({ campaign, action: 'reject' })}
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>,
      );
    }
    if (can(audience, 'campaigns.simulate')) {
      buttons.push(
        <Tooltip key="simulate" label={messages.simulation.title}>
          <ActionIcon
            variant="subtle"
            aria-label={`${messages.simulation.title}: ${campaign.name}`}
            onClick={() => setSimulating(campaign)}
          >
            <IconFlask size={18} />
          </ActionIcon>
        </Tooltip>,
      );
    }
    return buttons.length > 0 ? (
      <Group gap={2} wrap="nowrap">
        {buttons}
      </Group>
    ) : (
      'N/A'
    );
  };

  const columns: DataTableColumn<CampaignListItem>[] = [
    { key: 'actions', header: 'Actions', render: actions },
    { key: 'name', header: 'Campaign Name', sortField: 'name', render: (c) => c.name },
    {
      key: 'status',
      header: 'Status',
      sortField: 'status',
      render: (c) => (
        <Badge variant="light" color={statusColours[c.statusLabel]} tt="none" miw={96}>
          {c.statusLabel}
        </Badge>
      ),
    },
    { key: 'discount', header: 'Discount(%)', sortField: 'discountPercent', render: discountOf },
    { key: 'successFee', header: 'Success Fee', sortField: 'successFee', render: (c) => `${c.successFee}%` },
    { key: 'period', header: 'Period', sortField: 'start_date', render: (c) => c.period },
    { key: 'branches', header: 'Branch Name', render: (c) => orNA(c.merchantNames.join(', ')) },
    {
      key: 'customerType',
      header: 'Customer Type',
      sortField: 'customerType',
      render: (c) => customerTypeLabels[c.customerType],
    },
    {
      key: 'suggestions',
      header: 'Additional Comments',
      sortField: 'suggestions',
      render: (c) => (
        <Text size="sm" lineClamp={2} maw={220}>
          {orNA(c.suggestions)}
        </Text>
      ),
    },
    {
      key: 'recurring',
      header: 'Recurring Campaign',
      sortField: 'recurring',
      render: (c) => (c.recurring ? 'Yes' : 'No'),
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
              update({ page: '1' });
            }}
            description={
              search.trim().length > 0 && search.trim().length < campaignSearchMinLength
                ? `Search needs at least ${campaignSearchMinLength} characters`
                : undefined
            }
            w={280}
          />
          {phase !== 'future' ? (
            <>
              <TextInput
                type="month"
                label="From month"
                value={startMonth}
                onChange={(event) => {
                  setStartMonth(event.currentTarget.value);
                  update({ page: '1' });
                }}
              />
              <TextInput
                type="month"
                label="To month"
                value={endMonth}
                error={monthsInOrder ? undefined : m.searchMonthOrder}
                onChange={(event) => {
                  setEndMonth(event.currentTarget.value);
                  update({ page: '1' });
                }}
              />
            </>
          ) : null}
        </Group>
        {canOpen(audience, 'campaignsCreate') ? (
          <Button onClick={() => navigate(paths.page('campaignsCreate'))}>{m.createTitle}</Button>
        ) : null}
      </Group>
      {list.isError ? <Alert color="red">{list.error.message}</Alert> : null}
      <DataTable
        columns={columns}
        rows={list.data?.campaigns ?? []}
        rowKey={(c) => c._id}
        loading={list.isFetching}
        pagination={list.data?.pagination}
        onPageChange={(next) => update({ page: String(next) })}
        onLimitChange={(next) => update({ page: '1', limit: String(next) })}
        sort={sort}
        onSortChange={(next) => update({ sort: next.field, direction: next.direction, page: '1' })}
      />

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={m.deleteTitle} centered>
        <Text mb="lg">{deleting ? m.deleteConfirm(deleting.name) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void handleDelete()} loading={remove.isPending}>
            Delete
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
            Cancel
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
