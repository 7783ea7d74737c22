import { ActionIcon, Badge, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { invoiceMonthLabel } from '@krowd/domain/invoice/invoice.rules';
import type { InvoiceRow } from '@krowd/domain/invoice/invoice-response.schema';
import {
  invoiceSortFields,
  shownPaymentStatuses,
  type ShownPaymentStatus,
} from '@krowd/domain/invoice/invoice.schema';
import { isGroupRole } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import type { DataTableColumn } from '@/components/ui/data-table';
import { EntityListTable } from '@/components/ui/entity-list-table';
import { EntityListToolbar, listFiltersOf } from '@/components/ui/entity-list-toolbar';
import { listScopeParams, useEntityListState } from '@/components/ui/use-entity-list-state';
import { serverErrorOf } from '@/components/ui/zod-form';
import { audienceOfUser, brandOptionsOf } from '@/lib/access';
import { formatCalendarDate, formatMoney } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { getInvoiceUrl, useInvoices } from '../api/get-invoices.ts';

const m = messages.invoice;

const statusColours: Record<ShownPaymentStatus, string> = {
  Unpaid: 'yellow',
  Pending: 'blue',
  Paid: 'teal',
  Failed: 'red',
  Overdue: 'red',
};

/** Invoices (/user/campaigns/invoices): the brand's monthly invoices; the only action is view (spec 2 §2.6, §6). */
export function InvoicesPage() {
  const user = useSessionUser();
  return user ? <InvoicesScreen user={user} /> : null;
}

/**
 * Opens the invoice's document in a new tab. A row without a document says 'Invoice is not
 * created.'; so does the server's answer for one it cannot find. The tab is opened on the click,
 * before the call, so the browser does not take it for a pop-up.
 */
async function handleView(row: InvoiceRow) {
  const { xero_invoice_id: documentId } = row;
  if (!documentId) {
    notify.error(m.notCreated);
    return;
  }
  const tab = window.open('', '_blank');
  try {
    const url = await getInvoiceUrl({ ...row, xero_invoice_id: documentId });
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    notify.error(serverErrorOf(error));
  }
}

function InvoicesScreen({ user }: { user: SessionUser }) {
  const audience = audienceOfUser(user);
  const groupRole = isGroupRole(audience);
  const state = useEntityListState({ sortFields: invoiceSortFields, statuses: shownPaymentStatuses });
  const list = useInvoices({ ...state.query, ...listScopeParams(groupRole, user, state.brand) });

  const columns: DataTableColumn<InvoiceRow>[] = [
    ...(groupRole
      ? [
          {
            key: 'brand',
            header: m.columns.brandName,
            sortField: 'brandName',
            render: (row: InvoiceRow) => row.brandName,
          },
        ]
      : []),
    {
      key: 'month',
      header: m.columns.month,
      sortField: 'invoiceMonth',
      render: (row) => invoiceMonthLabel(row.month, row.year),
    },
    {
      key: 'amount',
      header: m.columns.amount,
      sortField: 'invoiceAmount',
      render: (row) => formatMoney(row.invoiceAmountPence),
    },
    {
      key: 'number',
      header: m.columns.number,
      sortField: 'invoiceNumber',
      render: (row) =>
        row.correctsInvoiceNumber ? (
          <Stack gap={0}>
            <Text size="sm">{row.InvoiceNumber}</Text>
            <Text size="xs" c="dimmed">
              {m.correctsInvoice(row.correctsInvoiceNumber)}
            </Text>
          </Stack>
        ) : (
          row.InvoiceNumber
        ),
    },
    {
      key: 'due',
      header: m.columns.dueDate,
      sortField: 'dueDate',
      render: (row) => (row.dueDate ? formatCalendarDate(row.dueDate) : '—'),
    },
    {
      key: 'status',
      header: m.columns.paymentStatus,
      sortField: 'paymentStatus',
      // A credit note is not paid by the brand: its row says what it is instead of a status.
      render: (row) =>
        row.paymentStatus ? (
          <Badge color={statusColours[row.paymentStatus]} variant="light" tt="none">
            {row.paymentStatus}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" tt="none">
            {m.creditNote}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: messages.common.actions,
      render: (row) => {
        const label = row.kind === 'creditNote' ? m.viewCreditNote : m.viewInvoice;
        return (
          <Tooltip label={label} withArrow openDelay={300}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`${label} ${row.InvoiceNumber}`}
              onClick={() => void handleView(row)}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <Stack>
      <EntityListToolbar
        {...listFiltersOf(state, {
          placeholder: m.searchPlaceholder,
          statuses: shownPaymentStatuses,
          brands: groupRole ? brandOptionsOf(user) : undefined,
        })}
      />
      <EntityListTable columns={columns} list={list} {...state.table} />
    </Stack>
  );
}
