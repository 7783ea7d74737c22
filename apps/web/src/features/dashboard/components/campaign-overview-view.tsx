import { Group, Loader, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { can, pagePath, picksAnyBrand } from '@krowd/domain/access/access.rules';
import {
  campaignReportRange,
  dateCardOf,
  defaultDateRange,
  filterVisibility,
} from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { audienceOfUser } from '@/lib/access';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { openInvoice } from '../api/open-invoice.ts';
import { failureMessage } from '../failure-message.ts';
import { useBranchOptions } from '../api/get-branch-options.ts';
import { useBrandList } from '../api/get-brand-list.ts';
import { useCampaignOptions } from '../api/get-campaign-options.ts';
import { useCampaignSummary } from '../api/get-campaign-summary.ts';
import { useDashboard, type DashboardConditions } from '../api/get-dashboard.ts';
import { useGroupBrands } from '../api/get-group-brands.ts';
import { useGroups } from '../api/get-groups.ts';
import { usePublisherOptions } from '../api/get-publisher-options.ts';
import { notify } from '@/lib/notify';
import { CampaignBudgetLine } from './campaign-budget-line.tsx';
import { CampaignCapsLine } from './campaign-caps-line.tsx';
import { ClaimsCount } from './claims-count.tsx';
import { NotQualifiedPanel } from './not-qualified-panel.tsx';
import { OverviewBody, hasFigures } from './overview-body.tsx';
import { ReportActions } from './report-actions.tsx';
import { dashboardConditionsOf, reportDatesOf } from './report-conditions.ts';
import { ReportFilterBar, type ReportFilterOptions } from './report-filter-bar.tsx';
import {
  branchBrandOf,
  filterDebounceMs,
  filterParams,
  filterSubjectOf,
  useReportFilters,
} from './use-report-filters.ts';

const m = messages.report;

export type OverviewVariant = 'dashboard' | 'overview';

/**
 * The dashboard (/user/dashboard/:id?) and the Campaign Overview with filters
 * (/user/campaigns/overview): one screen, the dashboard adding its actions (spec 3 §2.4, §2.5).
 */
export function CampaignOverviewScreen({ variant }: { variant: OverviewVariant }) {
  const user = useSessionUser();
  const timeZone = useSettings().data?.timezone;
  if (!user || !timeZone) return <Loader aria-label={messages.common.loading} />;
  return <FilteredOverview user={user} variant={variant} timeZone={timeZone} />;
}

function FilteredOverview({
  user,
  variant,
  timeZone,
}: {
  user: SessionUser;
  variant: OverviewVariant;
  timeZone: string;
}) {
  const audience = useMemo(() => audienceOfUser(user), [user]);
  const subject = useMemo(() => filterSubjectOf(user, audience), [user, audience]);
  const [now] = useState(() => new Date());
  const navigate = useNavigate();
  const routeParams = useParams();
  const { params, filters, setFilter, listScope } = useReportFilters();
  const campaignId = (variant === 'dashboard' ? routeParams.id : params.get('campaign')) ?? '';
  const campaign = useCampaignSummary(campaignId || null);

  // Dates: the user's, else the campaign's month once it is known, else the last 30 days.
  const fallback = useMemo(() => {
    if (!campaignId) return defaultDateRange(now, timeZone);
    if (!campaign.data) return null;
    return campaignReportRange(campaign.data.start_date, now, timeZone) ?? { start: '', end: '' };
  }, [campaignId, campaign.data, now, timeZone]);
  const today = defaultDateRange(now, timeZone).end;
  const { dates, errors: dateErrors } = useMemo(
    () => reportDatesOf(filters, fallback, today),
    [filters, fallback, today],
  );
  const waiting = (campaignId && !campaign.data && !campaign.isError) || dateErrors.start || dateErrors.end;
  const conditions = waiting ? null : dashboardConditionsOf(subject.kind, filters, campaignId, dates);
  // The figures follow the filters 300 ms after the last change (spec 3 §4).
  const [debouncedKey] = useDebouncedValue(JSON.stringify(conditions), filterDebounceMs);
  const debouncedConditions = useMemo(
    () => JSON.parse(debouncedKey) as DashboardConditions | null,
    [debouncedKey],
  );
  const figures = useDashboard(debouncedConditions);
  const answer = figures.data;
  const [drawn, setDrawn] = useState(false);
  if (!drawn && !(figures.isLoading && !answer)) setDrawn(true);
  // Drawn in the background, in slices React can pause: the bar, the actions and the figures' frame.
  const shown = useDeferredValue(drawn, false);
  const visibilityGroup = subject.kind === 'groupBrands' ? subject.ownGroupId : filters.group;
  const visibility = useMemo(
    () =>
      filterVisibility({
        audience,
        groupId: visibilityGroup,
        brandId: filters.brand,
        dataSource: filters.publisher,
        hasData: hasFigures(answer),
        isTwoCustomer: answer?.is_two_customer ?? false,
        offerTypes: answer?.offerTypeList ?? [],
        invoiceCount: answer?.invoiceList?.length ?? 0,
      }),
    [audience, visibilityGroup, filters.brand, filters.publisher, answer],
  );

  // The lists, a second behind a group, brand or branch change (spec 3 §4).
  const groups = useGroups(subject.kind === 'groupsAndBrands');
  const allBrands = useBrandList(subject.kind === 'groupsAndBrands' && !listScope.group);
  const groupBrands = useGroupBrands(
    subject.kind === 'groupBrands' ? subject.ownGroupId || null : listScope.group || null,
  );
  const branches = useBranchOptions(branchBrandOf(subject, { ...filters, ...listScope }) || null);
  const publishers = usePublisherOptions();
  const campaigns = useCampaignOptions({
    brandId: subject.kind === 'ownBrand' ? '' : listScope.brand,
    groupId: subject.kind === 'groupsAndBrands' ? listScope.group : '',
  });
  const [openingInvoice, setOpeningInvoice] = useState(false);

  // The filter bar and the figures are drawn again only when what they show changes: each list
  // answering redraws the bar alone, the figures' answer the figures.
  const allBrandsListed = subject.kind === 'groupsAndBrands' && !listScope.group;
  const options = useMemo<ReportFilterOptions>(() => {
    // A campaign opened by its link is offered even when the list (500 newest) does not hold it.
    const listed = campaigns.data ?? [];
    return {
      groups: (groups.data ?? []).map((group) => ({ value: group.groupId, label: group.group_name })),
      brands: (allBrandsListed ? allBrands.data : groupBrands.data) ?? [],
      branches: branches.data ?? [],
      publishers: publishers.data ?? [],
      offerTypes: (answer?.offerTypeList ?? []).map((type) => ({
        value: type,
        label: m.offerTypeLabels[type],
      })),
      campaigns:
        campaign.data && !listed.some((option) => option.value === campaign.data._id)
          ? [{ value: campaign.data._id, label: campaign.data.name }, ...listed]
          : listed,
      invoices: (answer?.invoiceList ?? []).map((invoice) => ({
        value: invoice.xero_invoiceNumber,
        label: `${invoice.xero_invoiceNumber} (${String(invoice.month).padStart(2, '0')}-${invoice.year})`,
      })),
    };
  }, [
    groups.data,
    allBrandsListed,
    allBrands.data,
    groupBrands.data,
    branches.data,
    publishers.data,
    answer,
    campaigns.data,
    campaign.data,
  ]);

  const handleCampaign = useCallback(
    (id: string | null) => {
      const next = filterParams(params);
      // A new campaign starts from its own month.
      next.delete('start');
      next.delete('end');
      if (variant === 'dashboard') {
        const path = id ? pagePath('dashboard', { id }) : pagePath('dashboard');
        void navigate({ pathname: path, search: next.toString() }, { replace: true });
      } else {
        if (id) next.set('campaign', id);
        void navigate({ search: next.toString() }, { replace: true });
      }
    },
    [params, variant, navigate],
  );
  const invoiceNumber = filters.invoice;
  const handleOpenInvoice = useCallback(() => {
    setOpeningInvoice(true);
    openInvoice(invoiceNumber)
      .catch((error: unknown) => notify.error(failureMessage(error, messages.invoice.notCreated)))
      .finally(() => setOpeningInvoice(false));
  }, [invoiceNumber]);
  const { refetch } = figures;
  const handleRetry = useCallback(() => void refetch(), [refetch]);
  const answerCount = answer?.count ?? 0;
  const dateCard = useMemo(
    () => dateCardOf(campaign.data ?? null, answerCount, now, timeZone),
    [campaign.data, answerCount, now, timeZone],
  );

  useEffect(() => {
    if (figures.error) console.error('Dashboard figures could not be loaded', figures.error);
  }, [figures.error]);

  const printDates = dates.start && dates.end ? `/${dates.start}/${dates.end}` : '';
  const printSearch = filterParams(params);
  printSearch.delete('start');
  printSearch.delete('end');
  const printPath = `${pagePath('campaignsPrint', { id: campaignId || '0' })}${printDates}${
    printSearch.size > 0 ? `?${printSearch}` : ''
  }`;

  // Some filters show only with figures to filter (filterVisibility): until the first answer is
  // in, the page keeps the loader instead of drawing a bar that would grow and push the figures
  // down. Later answers keep the page as it is.
  if (!shown) return <Loader aria-label={messages.common.loading} m="xl" />;
  return (
    <Stack gap="md">
      <ReportFilterBar
        filters={filters}
        dates={dates}
        dateErrors={dateErrors}
        today={today}
        visibility={visibility}
        options={options}
        campaignId={campaignId}
        onChange={setFilter}
        onCampaignChange={handleCampaign}
        onOpenInvoice={handleOpenInvoice}
        openingInvoice={openingInvoice}
      />
      <Group justify="space-between" align="center">
        <Title order={2} size="h4">
          {campaign.data ? campaign.data.name : m.statistics}
          {figures.isFetching ? <Loader size="xs" ml="sm" aria-label={messages.common.loading} /> : null}
        </Title>
        {variant === 'dashboard' && can(audience, 'claims.read') ? <ClaimsCount /> : null}
        <ReportActions
          variant={variant}
          campaign={campaign.data}
          conditions={conditions}
          printPath={printPath}
          lastTransactionFilter={{
            data_source: filters.publisher,
            groupId: subject.kind === 'groupsAndBrands' ? filters.group : '',
            brandId: subject.kind === 'ownBrand' ? '' : filters.brand,
          }}
          now={now}
          timeZone={timeZone}
          mayExportReasons={can(audience, 'dashboard.reasons')}
        />
      </Group>
      {campaign.data ? <CampaignCapsLine caps={campaign.data.caps} /> : null}
      {campaign.data ? <CampaignBudgetLine campaign={campaign.data} /> : null}
      <OverviewBody
        answer={answer}
        loading={figures.isPending}
        error={figures.error}
        onRetry={handleRetry}
        dateCard={dateCard}
        suggestOtherBrand={picksAnyBrand(audience)}
      />
      {/* Why transactions did not qualify (docs/decisions/0130), for the same filters. */}
      {variant === 'dashboard' && can(audience, 'dashboard.reasons') ? (
        <NotQualifiedPanel conditions={debouncedConditions} timeZone={timeZone} />
      ) : null}
    </Stack>
  );
}
