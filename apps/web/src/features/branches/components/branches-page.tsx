import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconCheck, IconEye, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  branchActions,
  branchActorOf,
  bulkActionNames,
  bulkBranchActions,
  type BranchAction,
  type BranchBulkAction,
} from '@krowd/domain/branch/branch.rules';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { midHealthStatuses, type MidHealthStatus } from '@krowd/domain/branch/mid-health.rules';
import { branchSortFields, branchStatuses, type MerchantIds } from '@krowd/domain/branch/branch.schema';
import { isGroupRole } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import type { DataTableColumn } from '@/components/ui/data-table';
import { EntityListTable } from '@/components/ui/entity-list-table';
import { EntityListToolbar, listFiltersOf } from '@/components/ui/entity-list-toolbar';
import { listScopeParams, useEntityListState } from '@/components/ui/use-entity-list-state';
import { serverErrorOf } from '@/components/ui/zod-form';
import { audienceOfUser, brandOptionsOf } from '@/lib/access';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useBranches } from '../api/get-branches.ts';
import { useReviewBranches } from '../api/review-branches.ts';
import { useReviewBranch } from '../api/review-branch.ts';
import { useDeleteBranch } from '../api/delete-branch.ts';
import { useUpdateBranch } from '../api/update-branch.ts';
import { BranchStatusBadge, MerchantIdCell, TripadvisorLink } from './branch-cells.tsx';
import { BranchFormModal } from './branch-form-modal.tsx';
import { BranchViewModal } from './branch-view-modal.tsx';
import { MidHealthAlert, MidHealthCell } from './mid-health.tsx';
import { ReviewModal, type ReviewDecision } from './review-modal.tsx';
import { UploadBranchesModal } from './upload-branches-modal.tsx';

const m = messages.branch;

const bulkLabels: Record<BranchBulkAction, string> = {
  delete: messages.common.delete,
  approve: m.approve,
  reject: m.reject,
};

/** The Tracking filter's options, in the statuses' order (worst first). */
const trackingOptions = midHealthStatuses.map((status) => ({
  value: status,
  label: m.midHealth.statuses[status],
}));

/** The Tracking filter kept in the address (?tracking=silent) like the list's other filters; '' is all. */
function useTrackingFilter(update: (changes: Record<string, string>) => void) {
  const [params] = useSearchParams();
  const asked = params.get('tracking') ?? '';
  const value = (midHealthStatuses as readonly string[]).includes(asked) ? (asked as MidHealthStatus) : '';
  return {
    value,
    filter: {
      label: m.midHealth.filterLabel,
      allLabel: m.midHealth.filterAll,
      value,
      options: trackingOptions,
      onChange: (chosen: string) => update({ tracking: chosen, page: '' }),
    },
  };
}

const ruleRowOf = (row: BranchRow) => ({
  status: row.status,
  createdByBrandUser: row.createdByBrandUser,
  defaultBranch: row.defaultBranch,
});

/** Branches (/user/branches, brand admins) and Merchants (/user/merchants, system admin and bank). */
export function BranchesPage() {
  const user = useSessionUser();
  return user ? <BranchesScreen user={user} /> : null;
}

/** Rows a confirm dialog is about: one from its row buttons, or the ticked ones (bulk). */
interface Confirming {
  rows: BranchRow[];
  bulk: boolean;
}

interface Reviewing extends Confirming {
  decision: ReviewDecision;
}

function BranchesScreen({ user }: { user: SessionUser }) {
  const audience = audienceOfUser(user);
  const actor = branchActorOf(audience);
  const groupRole = isGroupRole(audience);
  const state = useEntityListState({ sortFields: branchSortFields, statuses: branchStatuses });
  const brands = brandOptionsOf(user);
  const tracking = useTrackingFilter(state.update);
  const list = useBranches({
    ...state.query,
    ...listScopeParams(groupRole, user, state.brand),
    ...(tracking.value ? { extra: { tracking: tracking.value } } : {}),
  });
  const rows = list.data?.data ?? [];

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewing, setViewing] = useState<BranchRow | null>(null);
  const [editing, setEditing] = useState<BranchRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Confirming | null>(null);
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const [uploading, setUploading] = useState(false);
  const updateBranch = useUpdateBranch();
  const deleteBranch = useDeleteBranch();
  const reviewBranch = useReviewBranch();
  const multiAction = useReviewBranches();

  const selectedRows = rows.filter((row) => selected.has(row._id));
  const bulkOptions = bulkBranchActions(selectedRows.map(ruleRowOf), actor).map((action) => ({
    value: action,
    label: bulkLabels[action],
  }));
  const newBranchBrand = state.brand || (groupRole ? undefined : (user.brandId ?? undefined));

  const handleSaveMerchantId = async (branch: BranchRow, key: keyof MerchantIds, value: string) => {
    try {
      const answer = await updateBranch.mutateAsync({
        id: branch._id,
        changes: { merchantIds: { [key]: value } },
      });
      notify.success(answer.respMessage);
      return true;
    } catch (error) {
      notify.error(serverErrorOf(error));
      return false;
    }
  };

  const handleBulkGo = (action: string) => {
    if (action === 'delete') setDeleting({ rows: selectedRows, bulk: true });
    else setReviewing({ decision: action as ReviewDecision, rows: selectedRows, bulk: true });
  };

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      const answer = deleting.bulk
        ? await multiAction.mutateAsync({
            selectedIds: deleting.rows.map((row) => row._id),
            action: 'DELETE',
          })
        : await deleteBranch.mutateAsync(deleting.rows[0]!._id);
      notify.success(answer.respMessage);
      if (deleting.bulk) setSelected(new Set());
      setDeleting(null);
    } catch (error) {
      notify.error(serverErrorOf(error));
    }
  };

  const handleReview = async (comments: string): Promise<string | null> => {
    if (!reviewing) return null;
    const { decision, rows: about, bulk } = reviewing;
    try {
      const answer = bulk
        ? await multiAction.mutateAsync({
            selectedIds: about.map((row) => row._id),
            action: bulkActionNames[decision],
            comments,
          })
        : await reviewBranch.mutateAsync({
            MId: about[0]!._id,
            status: decision === 'approve' ? 'Approved' : 'Rejected',
            comments,
          });
      notify.success(answer.respMessage);
      if (bulk) setSelected(new Set());
      return null;
    } catch (error) {
      return serverErrorOf(error);
    }
  };

  const rowButtons: Record<
    BranchAction,
    { label: string; icon: ReactNode; color?: string; onClick: (row: BranchRow) => void }
  > = {
    view: { label: messages.common.view, icon: <IconEye size={18} />, onClick: setViewing },
    edit: { label: messages.common.edit, icon: <IconPencil size={18} />, onClick: setEditing },
    delete: {
      label: messages.common.delete,
      icon: <IconTrash size={18} />,
      color: 'red',
      onClick: (row) => setDeleting({ rows: [row], bulk: false }),
    },
    approve: {
      label: m.approve,
      icon: <IconCheck size={18} />,
      color: 'teal',
      onClick: (row) => setReviewing({ decision: 'approve', rows: [row], bulk: false }),
    },
    reject: {
      label: m.reject,
      icon: <IconX size={18} />,
      color: 'red',
      onClick: (row) => setReviewing({ decision: 'reject', rows: [row], bulk: false }),
    },
  };

  const columns: DataTableColumn<BranchRow>[] = [
    ...(actor.view
      ? [
          {
            key: 'actions',
            header: messages.common.actions,
            render: (row: BranchRow) => (
              <Group gap={2} wrap="nowrap">
                {branchActions(ruleRowOf(row), actor).map((action) => {
                  const button = rowButtons[action];
                  return (
                    <Tooltip key={action} label={button.label} withArrow openDelay={300}>
                      <ActionIcon
                        variant="subtle"
                        color={button.color ?? 'gray'}
                        aria-label={`${button.label} ${row.name}`}
                        onClick={() => button.onClick(row)}
                      >
                        {button.icon}
                      </ActionIcon>
                    </Tooltip>
                  );
                })}
              </Group>
            ),
          },
        ]
      : []),
    ...(groupRole || actor.review
      ? [
          {
            key: 'brand',
            header: m.fields.brandName,
            sortField: 'brandName',
            render: (row: BranchRow) => row.brandName,
          },
        ]
      : []),
    { key: 'name', header: m.fields.name, sortField: 'name', render: (row) => row.name },
    {
      key: 'merchantIds',
      header: m.fields.merchantId,
      render: (row) => (
        <MerchantIdCell
          branch={row}
          editable={branchActions(ruleRowOf(row), actor).includes('edit')}
          onSave={handleSaveMerchantId}
        />
      ),
    },
    {
      key: 'tripadvisor',
      header: m.fields.tripadvisor,
      render: (row) => <TripadvisorLink url={row.tripadvisorUrl} />,
    },
    {
      key: 'status',
      header: messages.common.status,
      sortField: 'status',
      render: (row) => <BranchStatusBadge status={row.status} />,
    },
    {
      key: 'midHealth',
      header: m.midHealth.column,
      sortField: 'tracking',
      render: (row) => <MidHealthCell health={row.midHealth} />,
    },
  ];

  const bulkPossible = actor.manage || actor.review;
  const subjectOf = (about: BranchRow[]) =>
    about.length === 1 ? about[0]!.name : m.selectedBranches(about.length);

  return (
    <Stack>
      <EntityListToolbar
        {...listFiltersOf(state, {
          placeholder: m.searchPlaceholder,
          statuses: branchStatuses,
          brands: groupRole ? brands : undefined,
          onBrandChange: () => setSelected(new Set()),
        })}
        moreFilters={[tracking.filter]}
        bulkActions={
          bulkPossible
            ? { options: bulkOptions, selectedCount: selectedRows.length, onGo: handleBulkGo }
            : undefined
        }
        onUpload={actor.manage ? () => setUploading(true) : undefined}
      >
        {actor.manage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {messages.common.addNew}
          </Button>
        ) : null}
      </EntityListToolbar>
      <MidHealthAlert rows={list.data?.data ?? []} />
      <EntityListTable
        columns={columns}
        list={list}
        rowLabel={(row) => row.name}
        {...state.table}
        selection={bulkPossible ? { selected, onChange: setSelected } : undefined}
      />

      <BranchViewModal branch={viewing} onClose={() => setViewing(null)} />
      <BranchFormModal
        opened={editing !== null}
        branch={editing === 'new' || editing === null ? undefined : editing}
        brands={groupRole ? brands : brands.filter((brand) => brand.value === user.brandId)}
        defaultBrandId={newBranchBrand}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        question={deleting?.bulk ? m.bulkDeleteConfirm : m.deleteConfirm}
        subject={deleting ? subjectOf(deleting.rows) : null}
        pending={deleteBranch.isPending || multiAction.isPending}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleting(null)}
      />
      <ReviewModal
        decision={reviewing?.decision ?? null}
        subject={reviewing ? subjectOf(reviewing.rows) : ''}
        pending={reviewBranch.isPending || multiAction.isPending}
        onConfirm={handleReview}
        onClose={() => setReviewing(null)}
      />
      {actor.manage ? (
        <UploadBranchesModal
          opened={uploading}
          brands={groupRole ? brands : brands.filter((brand) => brand.value === user.brandId)}
          defaultBrandId={newBranchBrand}
          onClose={() => setUploading(false)}
        />
      ) : null}
    </Stack>
  );
}
