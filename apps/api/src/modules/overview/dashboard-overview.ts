import type { Kysely } from 'kysely';
import type {
  DashboardAnswer,
  DashboardRequest,
  ReportingFilter,
} from '@krowd/domain/dashboard/dashboard.schema';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import { weeklyPerformance, type OverviewFigures } from '@krowd/domain/overview/overview.schema';
import type { DB } from '../../db/database.generated.ts';
import type { DashboardOverview, ShownReach } from '../reporting/dashboard-parts.ts';
import type { ImpressionsRepository } from './impressions.repository.ts';
import { createOverviewRepository, type OverviewCampaign } from './overview.repository.ts';

/**
 * What the campaign overview adds to the dashboard's answer (POST /api/dashboard/client):
 *
 * - Reach, one meaning: cardholders shown the offer, the sum of the daily reach the
 *   publishers reported in their impressions for the filter (brands, campaign, publisher, offer type
 *   through the campaign, dates): the 'reach' statistic and performance.reach. Impressions carry no
 *   branch and no customer type: with a branch or customer type chosen, or with no impressions for
 *   the filter, reach is 'N/A' (no weekly line) and `reachSource` says why. It is never replaced by
 *   the cards that bought: those are the 'paying_cards' statistic.
 * - Overrides: a single-campaign request (campaign_id and no branch, publisher, customer type or
 *   offer type) whose range covers the campaign's month (up to today) answers the edited figures
 *   when the campaign has an override, marks the answer `overridden: {at, by}` and keeps the
 *   computed statistics and insights beside them in `computed`.
 */

type Conditions = DashboardRequest['conditions'];

const isSingleCampaign = (conditions: Conditions) =>
  Boolean(conditions.campaign_id) &&
  !conditions.kmid &&
  !conditions.data_source &&
  !conditions.customer_type_wrt_account &&
  !conditions.selectedOfferType;

export function createDashboardOverview(
  db: Kysely<DB>,
  impressions: ImpressionsRepository,
): DashboardOverview {
  const overview = createOverviewRepository(db, impressions);

  return {
    /**
     * The dates of a single-campaign request sent without any: the campaign's month (up to today),
     * so that the campaign's report shows the campaign rather than the last 30 days.
     */
    async defaultDates(conditions: Conditions, now: Date, timeZone: string): Promise<string[] | undefined> {
      if (!isSingleCampaign(conditions) || (conditions.txn_date_time?.length ?? 0) >= 2) return undefined;
      const campaign = await overview.campaign(conditions.campaign_id!);
      if (!campaign || campaign.startDate > localToday(now, timeZone)) return undefined;
      return [campaign.startDate, campaign.endDate];
    },

    /**
     * Reach from impressions for the filter, or why impressions cannot answer it: one statement,
     * the weeks' sums adding up to the total when the weeks are wanted.
     */
    async reach(filter: ReportingFilter, withWeeks: boolean): Promise<ShownReach> {
      if (filter.branchId) return { source: 'notByBranch' };
      if (filter.customerTypes) return { source: 'notByCustomerType' };
      if (withWeeks) {
        const weeks = await impressions.weeklyReach(filter);
        if (weeks.length === 0) return { source: 'noImpressions' };
        return { source: 'impressions', total: weeks.reduce((sum, week) => sum + week.reach, 0), weeks };
      }
      const total = await impressions.reach(filter);
      return total === null ? { source: 'noImpressions' } : { source: 'impressions', total, weeks: null };
    },

    /** Puts reach into the answer (statistic and weekly performance), or 'N/A' and no weekly line. */
    applyReach(answer: DashboardAnswer, reach: ShownReach) {
      answer.reachSource = reach.source;
      const statistic = answer.statistics?.find((entry) => entry.name === 'reach');
      if (reach.source !== 'impressions') {
        if (statistic) statistic.value = 'N/A';
        if (answer.performance) answer.performance.reach = [];
        return;
      }
      if (statistic) statistic.value = reach.total;
      if (answer.performance && reach.weeks) {
        const labels = new Set([
          ...answer.performance.conversions.map((entry) => entry.label),
          ...reach.weeks.map((entry) => entry.week),
        ]);
        const of = new Map(reach.weeks.map((entry) => [entry.week, entry.reach]));
        answer.performance.reach = [...labels].sort().map((label) => ({ label, value: of.get(label) ?? 0 }));
      }
    },

    /** The campaign's override when the request is its single-campaign overview over its month. */
    async overrideFor(conditions: Conditions, filter: ReportingFilter, now: Date, timeZone: string) {
      const today = localToday(now, timeZone);
      if (!isSingleCampaign(conditions)) return undefined;
      const campaign: OverviewCampaign | undefined = await overview.campaign(conditions.campaign_id!);
      if (!campaign) return undefined;
      const { brandIds } = filter;
      if (brandIds !== 'all' && !brandIds.includes(campaign.brandId)) return undefined;
      const coveredEnd = campaign.endDate < today ? campaign.endDate : today;
      if (filter.startDate > campaign.startDate || filter.endDate < coveredEnd) return undefined;
      return overview.latestOverride(campaign.id);
    },

    /**
     * The edited figures in place of the computed ones: reach, conversions, revenue, total cost and
     * CPA; the three spends; weekly performance from the edited days; age, branches, nationality and
     * gender from the edited statistics. Cashback and success fee, repeat customers and revenue per
     * publisher are not edited and stay computed.
     */
    applyOverride(
      answer: DashboardAnswer,
      override: { figures: OverviewFigures; createdAt: Date; createdBy: string },
    ) {
      const { co, performance, stats } = override.figures;
      answer.overridden = { at: override.createdAt.toISOString(), by: override.createdBy };
      answer.computed = {
        ...(answer.statistics ? { statistics: answer.statistics.map((entry) => ({ ...entry })) } : {}),
        ...(answer.insights ? { insights: answer.insights.map((entry) => ({ ...entry })) } : {}),
      };
      const edited: Record<string, number | 'N/A'> = {
        reach: co.reach,
        conversions: co.conversions,
        revenue: co.revenue,
        total_cost: co.totalCost,
        cpa: co.cpa,
        highest_spend: co.highestSpend,
        lowest_spend: co.lowestSpend,
        average_spend: co.averageSpend,
      };
      for (const entry of [...(answer.statistics ?? []), ...(answer.insights ?? [])]) {
        if (entry.name in edited) entry.value = edited[entry.name]!;
      }
      if (answer.performance) {
        answer.performance = {
          reach: weeklyPerformance(performance, 'reach'),
          conversions: weeklyPerformance(performance, 'conversions'),
          revenue: weeklyPerformance(performance, 'revenue'),
        };
      }
      if (answer.demographic) {
        // The overview's branch statistics are conversions; the dashboard's branches are revenue,
        // so they stay computed. Age, nationality and gender come only from the edit.
        const of = (type: string) =>
          stats
            .filter((stat) => stat.type === type)
            .map((stat) => ({ label: stat.label, value: stat.value }));
        answer.demographic = {
          ...answer.demographic,
          age: of('age'),
          nationality: of('nationality'),
          gender: of('gender'),
        };
      }
    },
  };
}
