import { Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import type { SimilarityAnswer } from '@krowd/domain/insights/insights-response.schema';
import type { InsightAspect } from '@krowd/domain/insights/insights.schema';
import reportingClasses from '@/components/reporting/reporting.module.css';
import { useLastAnswer } from '../hooks/use-last-answer.ts';
import { useSimilarity } from '../api/get-similarity.ts';
import { type InsightsCaller, type SimilarityParams } from '../insights-request.ts';
import { LoadFailure } from './insights-controls.tsx';
import { netPositiveRange, RadarChart } from './insights-charts.tsx';

export interface SimilarityTabProps {
  caller: InsightsCaller;
  params: SimilarityParams;
}

const radars: readonly {
  aspect: InsightAspect;
  key: Extract<keyof SimilarityAnswer, `objectwith${string}`>;
}[] = [
  { aspect: 'Food', key: 'objectwithfood' },
  { aspect: 'Price', key: 'objectwithprice' },
  { aspect: 'Ambiance', key: 'objectwithambiance' },
  { aspect: 'Service', key: 'objectwithservice' },
];

/** Similarity (spec 3 §2.7): one radar per aspect, the brand and its most similar brands. */
export function SimilarityTab({ caller, params }: SimilarityTabProps) {
  const similarity = useSimilarity(caller, params);
  const shown = useLastAnswer(similarity.data);
  return (
    <Stack gap="md">
      {similarity.isError ? (
        <LoadFailure error={similarity.error} onRetry={() => void similarity.refetch()} />
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {radars.map(({ aspect, key }) => {
          const radar = shown?.[key];
          return (
            <Paper key={aspect} withBorder p="md" radius="md" className={reportingClasses.chartCard}>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {aspect}
                </Title>
                {radar ? (
                  <RadarChart
                    label={aspect}
                    labels={radar.labels}
                    datasets={radar.datasets}
                    range={netPositiveRange}
                    height={280}
                  />
                ) : similarity.isError ? null : (
                  <Skeleton h={280} />
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
