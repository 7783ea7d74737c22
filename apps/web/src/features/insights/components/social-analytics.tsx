import { Group, Loader, Stack, Tabs } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import { CentredLoader } from '@/components/ui/query-fallback';
import { useSettings } from '@/lib/settings';
import { useFactors } from '../api/get-factors.ts';
import { useInsightBranches } from '../api/get-insight-branches.ts';
import { useLastAnswer } from '../hooks/use-last-answer.ts';
import { type InsightsCaller, type InsightsSelection, type SimilarityParams } from '../insights-request.ts';
import { DateRangeSelect } from './date-range-select.tsx';
import { BranchPicker, LoadFailure, branchOptionsOf } from './insights-controls.tsx';
import { dateWindowOf, defaultRange, rangePhrase, type InsightsRange } from './date-range.ts';
import { OverviewTab } from './overview-tab.tsx';
import { SimilarityTab } from './similarity-tab.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { TrendsTab } from './trends-tab.tsx';

const m = messages.insightsWeb;

export const insightsTabs = ['overview', 'trends', 'similarity'] as const;
export type InsightsTab = (typeof insightsTabs)[number];

export interface SocialAnalyticsProps {
  caller: InsightsCaller;
  brandId: string;
  tab: InsightsTab;
  /** Where each tab lives (the tabs are addresses: /insights/trends, /user/socialanalytics/trends). */
  tabHref: (tab: InsightsTab) => string;
  /** Shown first in the filter row (the system admin's brand choice). */
  leadingFilter?: ReactNode;
}

/**
 * The social analytics screen (spec 3 §2.7), public or signed in: branch picker, date range,
 * summary cards and the Overview / Trends / Similarity tabs.
 */
export function SocialAnalytics({ caller, brandId, tab, tabHref, leadingFilter }: SocialAnalyticsProps) {
  const settings = useSettings();
  const navigate = useNavigate();
  const [now] = useState(() => new Date());
  const [range, setRange] = useState<InsightsRange>(defaultRange);
  const [kmid, setKmid] = useState('');
  const timeZone = settings.data?.timezone;

  const branches = useInsightBranches(caller, brandId);
  const branchOptions = useMemo(() => branchOptionsOf(branches.data?.allbranches ?? []), [branches.data]);

  const selection = useMemo<InsightsSelection | null>(
    () => (timeZone ? { brandId, kmid, window: dateWindowOf(range, now, timeZone) } : null),
    [brandId, kmid, range, now, timeZone],
  );
  const similarityDays = useMemo(() => {
    if (!selection || !timeZone) return null;
    return {
      fromdate: localToday(new Date(Date.parse(selection.window.$gt) + 1), timeZone),
      todate: localToday(new Date(Date.parse(selection.window.$lt) - 1), timeZone),
    };
  }, [selection, timeZone]);
  const factors = useFactors(caller, selection);
  // The cards say the range of the figures they show, which stay until a good answer replaces them.
  const freshFactors = useMemo(
    () =>
      factors.data && !factors.isPlaceholderData
        ? { factors: factors.data, rangePhrase: rangePhrase(range) }
        : undefined,
    [factors.data, factors.isPlaceholderData, range],
  );
  const shownFactors = useLastAnswer(freshFactors);

  if (settings.isError) {
    return <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (!timeZone || !selection || !similarityDays) return <CentredLoader minHeight={200} />;
  const similarityOf = (branch: string): SimilarityParams => ({
    ...similarityDays,
    entityId: brandId,
    kmid: branch,
  });

  return (
    <Stack gap="lg">
      <Group gap="md" align="flex-end" wrap="wrap">
        {leadingFilter}
        <BranchPicker
          options={branchOptions}
          value={kmid}
          onChange={setKmid}
          description={m.selectBranchHint}
        />
        <DateRangeSelect value={range} onChange={setRange} now={now} timeZone={timeZone} />
        {factors.isFetching && factors.data ? (
          <Loader size="sm" aria-label={messages.common.loading} />
        ) : null}
      </Group>
      {factors.isError ? <LoadFailure error={factors.error} onRetry={() => void factors.refetch()} /> : null}
      {factors.isError && !shownFactors ? null : (
        <SummaryCards
          factors={shownFactors?.factors}
          rangePhrase={shownFactors?.rangePhrase ?? rangePhrase(range)}
        />
      )}
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next) void navigate(tabHref(next as InsightsTab));
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {insightsTabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {m.tabs[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab
            caller={caller}
            selection={selection}
            branchOptions={branchOptions}
            similarityOf={similarityOf}
          />
        </Tabs.Panel>
        <Tabs.Panel value="trends" pt="md">
          <TrendsTab caller={caller} selection={selection} competitors={branches.data?.competitors ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="similarity" pt="md">
          <SimilarityTab caller={caller} params={similarityOf(kmid)} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
