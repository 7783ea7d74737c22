import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useViewportSize } from '@mantine/hooks';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { campaignReportRange, dateCardOf, dateCondition } from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import { Logo } from '@/components/ui/logo';
import { PrintFigures } from '@/components/reporting/overview-figures';
import { useSettings } from '@/lib/settings';
import { failureMessage } from '../failure-message.ts';
import { useCampaignSummary } from '../api/get-campaign-summary.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { CampaignNotFound, isCampaignMissing } from './campaign-not-found.tsx';
import { hasFigures, OverviewEmpty } from './overview-body.tsx';
import { conditionsOf, isCampaignId } from './report-conditions.ts';
import { readFilters } from './use-report-filters.ts';
import classes from './print-report.module.css';

const m = messages.report;

/** Width the charts are drawn at: the A4 sheet less its margins (186 mm at 96 dpi). */
export const printWidth = 700;

/** The sheet on screen: A4's 210 mm at 96 dpi. */
const sheetScreenWidth = 794;

/** How much the sheet is scaled to fit a screen narrower than it (a phone), 1 on wider ones. */
export function sheetZoomFor(viewportWidth: number): number {
  return viewportWidth > 0 && viewportWidth < sheetScreenWidth ? viewportWidth / sheetScreenWidth : 1;
}
/** Time for the charts to measure and draw before the print dialog opens. */
export const printDelayMs = 800;

/**
 * The print report (/user/campaigns/print/:id/:start_date?/:end_date?, spec 3 §2.6): by campaign
 * when the id is one, otherwise by the dates (and the dashboard filters carried in the query).
 * Sets the title, then opens the print dialog once, after the figures load.
 */
export function PrintReportPage() {
  const { id, start_date: start, end_date: end } = useParams();
  const [search] = useSearchParams();
  const viewport = useViewportSize();
  const timeZone = useSettings().data?.timezone;
  const [now] = useState(() => new Date());
  const byCampaign = isCampaignId(id);
  const campaign = useCampaignSummary(byCampaign ? id : null);
  const range =
    byCampaign && campaign.data && timeZone
      ? campaignReportRange(campaign.data.start_date, now, timeZone)
      : null;
  const filters = readFilters(search);
  const conditions = byCampaign
    ? range
      ? conditionsOf({ campaign_id: id, txn_date_time: [range.start, range.end] })
      : null
    : conditionsOf({
        group_id: filters.group,
        brand_id: filters.brand,
        kmid: filters.branch,
        data_source: filters.publisher,
        customer_type_wrt_account: filters.publisher.toUpperCase() === 'ATR' ? filters.customerType : '',
        selectedOfferType: filters.offerType,
        txn_date_time: dateCondition(start, end),
      });
  const figures = useDashboard(conditions);
  const answer = figures.data;
  const notStarted = byCampaign && campaign.data && timeZone && !range;
  const name = byCampaign
    ? (campaign.data?.name ?? '')
    : answer
      ? m.fromTo(answer.start_date, answer.end_date)
      : '';
  const missing = byCampaign && isCampaignMissing(campaign.error);
  const title = name ? m.overviewTitle(name) : missing ? m.campaignNotFoundTitle : '';
  const ready = Boolean(name) && (Boolean(answer) || Boolean(notStarted)) && !figures.isFetching;

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  // The print dialog opens once (spec 3 §4), after the figures and charts are drawn.
  const printed = useRef(false);
  useEffect(() => {
    if (!ready || printed.current) return;
    const timer = window.setTimeout(() => {
      if (printed.current) return;
      printed.current = true;
      window.print();
    }, printDelayMs);
    return () => window.clearTimeout(timer);
  }, [ready]);

  useEffect(() => {
    if (figures.error) console.error('Print report could not be loaded', figures.error);
  }, [figures.error]);

  const failure = campaign.error ?? figures.error;
  let body;
  if (missing) body = <CampaignNotFound />;
  else if (failure) body = <Alert color="red">{failureMessage(failure, m.campaignNotFound)}</Alert>;
  else if (!timeZone || (!answer && !notStarted)) body = <Loader aria-label={m.printPreparing} />;
  else if (notStarted || !hasFigures(answer)) {
    // No figures (a campaign that has not started has none yet): a campaign's date card still
    // shows, its days to start among them (spec 3 §2.5, §2.6).
    const dateCard = byCampaign ? dateCardOf(campaign.data ?? null, 0, now, timeZone) : undefined;
    body = <OverviewEmpty suggestOtherBrand={false} dateCard={dateCard} />;
  } else
    body = (
      <PrintFigures
        data={answer!}
        dateCard={dateCardOf(byCampaign ? (campaign.data ?? null) : null, answer!.count, now, timeZone)}
        width={printWidth}
      />
    );

  return (
    <main className={classes.screen}>
      <Group className={classes.toolbar} justify="flex-end">
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!ready}>
          {m.print}
        </Button>
      </Group>
      <div
        className={classes.sheet}
        style={{ '--sheet-zoom': sheetZoomFor(viewport.width) } as CSSProperties}
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              {missing ? null : (
                <Title order={1} size="h2">
                  {title || m.overviewTitleAlone}
                </Title>
              )}
              {answer && byCampaign ? (
                <Text size="sm" c="dimmed">
                  {answer.start_date} – {answer.end_date}
                </Text>
              ) : null}
            </Stack>
            <Logo size={28} />
          </Group>
          {body}
        </Stack>
      </div>
    </main>
  );
}
