import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { pagePath } from '@krowd/domain/access/access.rules';
import { campaignReportRange, dateCardOf } from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import { useSettings } from '@/lib/settings';
import { failureMessage } from '../failure-message.ts';
import { useCampaignSummary } from '../api/get-campaign-summary.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { CampaignBudgetLine } from './campaign-budget-line.tsx';
import { CampaignCapsLine } from './campaign-caps-line.tsx';
import { CampaignNotFound, isCampaignMissing } from './campaign-not-found.tsx';
import { OverviewBody, OverviewEmpty } from './overview-body.tsx';
import { conditionsOf } from './report-conditions.ts';

const m = messages.report;

/**
 * The single-campaign overview (/user/campaigns/reports/:id, spec 3 §2.5): titled 'Campaign
 * Overview - {campaign name}', no filters, the campaign's month.
 */
export function CampaignReportPage() {
  const { id = '' } = useParams();
  const timeZone = useSettings().data?.timezone;
  const [now] = useState(() => new Date());
  const campaign = useCampaignSummary(id);
  const range =
    campaign.data && timeZone ? campaignReportRange(campaign.data.start_date, now, timeZone) : null;
  const figures = useDashboard(
    range ? conditionsOf({ campaign_id: id, txn_date_time: [range.start, range.end] }) : null,
  );
  const name = campaign.data?.name ?? '';

  const missing = isCampaignMissing(campaign.error);
  useEffect(() => {
    if (name) document.title = messages.common.documentTitle(m.overviewTitle(name));
    else if (missing) document.title = messages.common.documentTitle(m.campaignNotFoundTitle);
  }, [name, missing]);
  useEffect(() => {
    if (figures.error) console.error('Campaign overview could not be loaded', figures.error);
  }, [figures.error]);

  if (missing) return <CampaignNotFound />;
  if (campaign.isError) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          {m.overviewTitleAlone}
        </Title>
        <Alert color="red">{failureMessage(campaign.error, m.campaignNotFound)}</Alert>
      </Stack>
    );
  }
  if (!campaign.data || !timeZone) return <Loader aria-label={messages.common.loading} />;
  const dateCard = dateCardOf(campaign.data, figures.data?.count ?? 0, now, timeZone);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {m.overviewTitle(name)}
        </Title>
        <Button
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.open(pagePath('campaignsPrint', { id }), '_blank', 'noopener')}
        >
          {m.print}
        </Button>
      </Group>
      <CampaignCapsLine caps={campaign.data.caps} />
      <CampaignBudgetLine campaign={campaign.data} />
      {range ? (
        <OverviewBody
          answer={figures.data}
          loading={figures.isPending}
          error={figures.error}
          onRetry={() => void figures.refetch()}
          dateCard={dateCard}
          suggestOtherBrand={false}
        />
      ) : (
        // A campaign that has not started has no figures yet: its days to start, and the empty state.
        <OverviewEmpty suggestOtherBrand={false} dateCard={dateCard} />
      )}
    </Stack>
  );
}
