import { ActionIcon, Anchor, Group, Paper, SimpleGrid, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FactorsAnswer, Rank } from '@krowd/domain/insights/insights-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FigureCard } from '@/components/reporting/figure-card';
import reportingClasses from '@/components/reporting/reporting.module.css';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { monthLabel } from './date-range.ts';

const m = messages.insightsWeb;

type Factors = FactorsAnswer['response'];

export interface SummaryCardsProps {
  factors: Factors | undefined;
  /** How the chosen range reads: 'the last 12 months', 'March 2026'. */
  rangePhrase: string;
}

function rankText(rank: Rank | null) {
  return rank ? m.rankOf(rank.rank, rank.outOf) : m.noRank;
}

/** The Aggregate Score with its tooltip and 'Based on N Reviews in …'. */
function AggregateScoreCard({ factors, rangePhrase }: SummaryCardsProps & { factors: Factors }) {
  return (
    <Paper withBorder p="md" radius="md" className={reportingClasses.card} data-testid="aggregate-score">
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {m.aggregateScore}
        </Text>
        <Tooltip
          label={m.aggregateScoreTooltip}
          multiline
          w={260}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={m.aggregateScoreTooltip}>
            <IconInfoCircle size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="xl" fw={700} mt={4} className={reportingClasses.figure}>
        {factors.krowdscore === null ? '–' : factors.krowdscore.toFixed(1)}
        {factors.krowdscore === null ? null : (
          <Text span c="dimmed" size="sm" fw={500}>
            {' '}
            / 100
          </Text>
        )}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {m.basedOnReviews(factors.totalreviewscount, rangePhrase)}
      </Text>
    </Paper>
  );
}

/** The public page's card in revenue's place (spec 3 §2.7): a 20% campaign last month, and 'Click here'. */
function TeaserCard({ teaser }: { teaser: NonNullable<Factors['teaser']> }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      className={reportingClasses.card}
      bg="teal.0"
      data-testid="teaser-card"
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {m.teaserTitle}
      </Text>
      <Text size="sm" fw={600} mt={4}>
        {m.teaser(teaser.customers, teaser.discountPercent, monthLabel(teaser.month))}
      </Text>
      <Text size="sm" mt={4}>
        <Anchor component={Link} to={paths.page('campaignsCreate')} fw={600}>
          {m.clickHere}
        </Anchor>{' '}
        {m.teaserAction}
      </Text>
    </Paper>
  );
}

/**
 * Spec 3 §2.7 summary cards: Aggregate Score, Revenue YTD (signed in) or the teaser (public),
 * Overall Rank and the cuisine ranking.
 */
export function SummaryCards({ factors, rangePhrase }: SummaryCardsProps) {
  if (!factors) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} h={104} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <AggregateScoreCard factors={factors} rangePhrase={rangePhrase} />
      {factors.teaser ? (
        <TeaserCard teaser={factors.teaser} />
      ) : factors.currentYearRevenue !== undefined ? (
        <FigureCard
          label={m.revenueYtd}
          value={formatMoney(factors.currentYearRevenue)}
          hint={m.revenueYtdHint}
        />
      ) : null}
      <FigureCard
        label={m.overallRank}
        value={rankText(factors.loggedinBrandoverallRank)}
        hint={factors.loggedinBrandoverallRank ? null : m.noRankHint}
      />
      {factors.cuisineRankings.map((cuisine) => (
        <FigureCard key={cuisine.cuisine} label={m.cuisineRank(cuisine.cuisine)} value={rankText(cuisine)} />
      ))}
    </SimpleGrid>
  );
}
