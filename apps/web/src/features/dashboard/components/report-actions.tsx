import { Button, Checkbox, Group, Loader, Text } from '@mantine/core';
import { IconClock, IconFileDownload, IconFileExport, IconList, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { invoiceAction, monthAndYearOf } from '@krowd/domain/dashboard/report.rules';
import type { DashboardExportState } from '@krowd/domain/dashboard/export.schema';
import { messages } from '@krowd/domain/messages/messages';
import { notify } from '@/lib/notify';
import { downloadInvoice } from '../api/download-invoice.ts';
import { failureMessage } from '../failure-message.ts';
import { useExportState } from '../api/get-export-state.ts';
import { useExportTransactions } from '../api/export-transactions.ts';
import { type CampaignSummary } from '../api/get-campaign-summary.ts';
import { type DashboardConditions } from '../api/get-dashboard.ts';
import { LastTransactionModal } from './last-transaction-modal.tsx';
import { TransactionDetailsModal } from './transaction-details-modal.tsx';

const m = messages.report;

export interface ReportActionsProps {
  /** Which buttons: the dashboard has them all, the overview only Print. */
  variant: 'dashboard' | 'overview';
  campaign: CampaignSummary | undefined;
  conditions: DashboardConditions | null;
  printPath: string;
  lastTransactionFilter: { data_source: string; groupId: string; brandId: string };
  now: Date;
  timeZone: string;
  /** Whether the caller may export the not-qualified transactions with their reasons (docs/decisions/0130). */
  mayExportReasons?: boolean;
}

/** The dashboard's actions: Last Transaction, the invoice button, Export and Print (spec 3 §2.4). */
export function ReportActions(props: ReportActionsProps) {
  const { campaign, conditions, now, timeZone } = props;
  const [lastTransactionOpen, setLastTransactionOpen] = useState(false);
  const [transactionsOpen, setTransactionsOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const exporter = useExportTransactions();
  const [withReasons, setWithReasons] = useState(false);
  const [exportId, setExportId] = useState<string>();
  const exportState = useExportState(exportId);
  const action = campaign ? invoiceAction(campaign.openingTime, now, timeZone) : null;
  const month = campaign ? monthAndYearOf(campaign.start_date) : null;

  const handleDownload = async () => {
    if (!campaign) return;
    setDownloading(true);
    try {
      await downloadInvoice(campaign._id);
    } catch (error) {
      notify.error(failureMessage(error, messages.invoice.notCreated));
    } finally {
      setDownloading(false);
    }
  };

  const handleExport = () => {
    if (!conditions) return;
    exporter.mutate(
      { conditions, includeNotQualified: withReasons },
      {
        onSuccess: (answer) => {
          notify.success(answer.responseMessage ?? messages.dashboardExport.exported);
          setExportId(answer.exportId);
        },
        onError: (error) => notify.error(failureMessage(error)),
      },
    );
  };

  const handlePrint = () => window.open(props.printPath, '_blank', 'noopener');

  return (
    <Group gap="xs" justify="flex-end">
      {exportId && exportState.data ? <ExportStateText state={exportState.data} /> : null}
      {props.variant === 'dashboard' ? (
        <>
          <Button
            variant="default"
            leftSection={<IconClock size={16} />}
            onClick={() => setLastTransactionOpen(true)}
          >
            {m.lastTransaction}
          </Button>
          {action === 'download' ? (
            <Button
              variant="default"
              leftSection={<IconFileDownload size={16} />}
              loading={downloading}
              onClick={() => void handleDownload()}
            >
              {m.downloadInvoice}
            </Button>
          ) : null}
          {action === 'view' ? (
            <Button
              variant="default"
              leftSection={<IconList size={16} />}
              onClick={() => setTransactionsOpen(true)}
            >
              {m.viewTransaction}
            </Button>
          ) : null}
          {props.mayExportReasons ? (
            <Checkbox
              size="sm"
              label={messages.notQualifiedReport.exportWithReasons}
              checked={withReasons}
              onChange={(event) => setWithReasons(event.currentTarget.checked)}
            />
          ) : null}
          <Button
            variant="default"
            leftSection={<IconFileExport size={16} />}
            loading={exporter.isPending}
            disabled={!conditions}
            onClick={handleExport}
          >
            {m.export}
          </Button>
        </>
      ) : null}
      <Button leftSection={<IconPrinter size={16} />} onClick={handlePrint}>
        {m.print}
      </Button>
      <LastTransactionModal
        opened={lastTransactionOpen}
        onClose={() => setLastTransactionOpen(false)}
        filter={props.lastTransactionFilter}
        timeZone={timeZone}
      />
      {campaign && month ? (
        <TransactionDetailsModal
          campaignId={campaign._id}
          month={month.month}
          year={month.year}
          opened={transactionsOpen}
          onClose={() => setTransactionsOpen(false)}
          timeZone={timeZone}
        />
      ) : null}
    </Group>
  );
}

/** Where the last export is, beside its button, until the link is in the user's e-mail. */
function ExportStateText({ state }: { state: DashboardExportState }) {
  const text =
    state.state === 'preparing'
      ? messages.dashboardExport.statePreparing
      : state.state === 'ready'
        ? messages.dashboardExport.stateReady(state.rowCount ?? 0)
        : messages.dashboardExport.stateMailed(state.rowCount ?? 0);
  return (
    <Group gap={6} wrap="nowrap" role="status" data-testid="export-state">
      {state.state === 'mailed' ? null : <Loader size="xs" aria-hidden />}
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}
