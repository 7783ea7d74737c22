import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import reportingClasses from '@/components/reporting/reporting.module.css';
import { useFactors } from '../api/get-factors.ts';
import { useLastAnswer } from '../hooks/use-last-answer.ts';
import { useSimilarity } from '../api/get-similarity.ts';
import { type InsightsCaller, type InsightsSelection, type SimilarityParams } from '../insights-request.ts';
import { netPositiveRange, RadarChart, SentimentBarChart } from './insights-charts.tsx';
import { BranchPicker, LoadFailure, type BranchOption } from './insights-controls.tsx';

const m = messages.insightsWeb;

export interface OverviewTabProps {
  caller: InsightsCaller;
  /** The page's selection; the tab's own branch picker starts from its branch. */
  selection: InsightsSelection;
  branchOptions: readonly BranchOption[];
  similarityOf: (kmid: string) => SimilarityParams;
}

/**
 * Overview (spec 3 §2.7): 'Sentiment Analysis of Customer Reviews' (Positive vs Negative mentions per
 * aspect) and 'Most Similar Brands' (radar of net positive reviews), with its own branch picker.
 */
export function OverviewTab({ caller, selection, branchOptions, similarityOf }: OverviewTabProps) {
  // null: follow the page's branch until this tab's own picker is used.
  const [ownKmid, setOwnKmid] = useState<string | null>(null);
  const kmid = ownKmid ?? selection.kmid;
  const factors = useFactors(caller, { ...selection, kmid });
  const similarity = useSimilarity(caller, similarityOf(kmid));
  const shownFactors = useLastAnswer(factors.data);
  const shownSimilarity = useLastAnswer(similarity.data);
  const bars = shownFactors?.chartDetails.factorsAffecting;
  const radar = shownSimilarity?.objectwithjsd;

  return (
    <Stack gap="md">
      <BranchPicker
        options={branchOptions}
        value={kmid}
        onChange={setOwnKmid}
        label={m.overviewBranch}
        description={m.overviewBranchHint}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md" className={reportingClasses.chartCard}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {m.sentimentTitle}
            </Title>
            {factors.isError ? (
              <LoadFailure error={factors.error} onRetry={() => void factors.refetch()} />
            ) : null}
            {bars ? (
              <SentimentBarChart
                categories={bars.categories}
                positive={bars.Positive}
                negative={bars.Negative}
              />
            ) : factors.isError ? null : (
              <Skeleton h={280} />
            )}
            <Text size="xs" c="dimmed" ta="center">
              {m.mentionCount}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" className={reportingClasses.chartCard}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {m.mostSimilarBrands}
            </Title>
            {similarity.isError ? (
              <LoadFailure error={similarity.error} onRetry={() => void similarity.refetch()} />
            ) : null}
            {radar ? (
              <RadarChart
                label={m.mostSimilarBrands}
                labels={radar.labels}
                datasets={radar.datasets}
                range={netPositiveRange}
                height={340}
              />
            ) : similarity.isError ? null : (
              <Skeleton h={300} />
            )}
            <Text size="xs" c="dimmed" ta="center">
              {m.netPositiveSimilarity}
            </Text>
            {shownSimilarity && shownSimilarity.brandList.length > 0 ? (
              <Group gap="xs" justify="center" data-testid="similar-brands">
                {shownSimilarity.brandList.map((brand) => (
                  <Text key={brand.brandId} size="xs">
                    {brand.brandName}: {m.similarityOf(brand.similarity.toFixed(1))}
                  </Text>
                ))}
              </Group>
            ) : null}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
