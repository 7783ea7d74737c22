import type { TenantScope } from '@krowd/domain/access/access.rules';
import {
  dashboardDateRange,
  dashboardParts,
  type DashboardAnswer,
  type DashboardPart,
  type DashboardRequest,
} from '@krowd/domain/dashboard/dashboard.schema';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import { brandInScope } from '../brands/brand-scope.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { ReportingFilter, ReportingRepository } from './reporting.repository.ts';

/**
 * The performance dashboard (spec 3 §2.4, §3 campaign overview, §4 date rules): the filters
 * resolved within the caller's scope, answered from the reporting store only.
 *
 * Definitions (issue 5 §4): conversions are qualified purchases; revenue is their spend net of
 * refunds; total cost is cashback plus success fee (net of refunds); CPA is total cost ÷
 * conversions in pence, rounded, or 'N/A'. Reach is the distinct cards with a qualified purchase;
 * repeat customers the distinct cards with two or more. Highest and lowest spend are the largest
 * and smallest single qualified purchase; average spend is revenue ÷ conversions.
 */

const customerTypesOf = {
  'NEW USER': ['new'],
  'REPEAT USER': ['existing', 'lapsed'],
} as const;

const perConversion = (pence: number, conversions: number) =>
  conversions > 0 ? Math.round(pence / conversions) : ('N/A' as const);

export function createDashboardService(deps: {
  db: Kysely<DB>;
  reporting: ReportingRepository;
  brands: BrandsRepository;
  timeZone: string;
  clock: () => Date;
}) {
  const { db, reporting, brands, timeZone, clock } = deps;

  /**
   * The brands the caller's filter covers: the chosen brand (404 outside the scope), else the
   * chosen group's brands (404 for another group), else everything in scope.
   */
  async function brandsOf(
    scope: TenantScope,
    brandId: string | undefined,
    groupId: string | undefined,
  ): Promise<string[] | 'all'> {
    if (brandId) {
      const brand = await brandInScope(brands, scope, brandId);
      if (groupId && brand.group_id !== groupId) throw notFound();
      return [brand.id];
    }
    if (groupId) {
      const group = await brands.brandsOfGroup(groupId);
      if (scope.kind === 'brand') {
        if (!group.some((brand) => brand.id === scope.brandId)) throw notFound();
        return [scope.brandId];
      }
      if (!group.every((brand) => scopeCoversBrand(scope, brand))) throw notFound();
      return group.map((brand) => brand.id);
    }
    switch (scope.kind) {
      case 'all':
      case 'bank':
        return 'all';
      case 'group':
        return (await brands.brandsOfGroup(scope.groupId)).map((brand) => brand.id);
      case 'brand':
        return [scope.brandId];
      case 'none':
        return [];
    }
  }

  return {
    async client(scope: TenantScope, request: DashboardRequest): Promise<DashboardAnswer> {
      const { conditions } = request;
      const range = dashboardDateRange(conditions.txn_date_time, clock(), timeZone);
      if ('error' in range) throw badRequest(range.error, { txn_date_time: range.error });
      const filter: ReportingFilter = {
        startDate: range.start_date,
        endDate: range.end_date,
        brandIds: await brandsOf(scope, conditions.brand_id, conditions.group_id),
        branchId: conditions.kmid,
        publisherId: conditions.data_source
          ? await reporting.publisherIdOf(conditions.data_source)
          : undefined,
        campaignId: conditions.campaign_id,
        customerTypes: conditions.customer_type_wrt_account
          ? customerTypesOf[conditions.customer_type_wrt_account]
          : undefined,
        offerType: conditions.selectedOfferType,
      };
      const parts = new Set(request.fields ?? dashboardParts);
      const wants = (part: DashboardPart) => parts.has(part);

      const campaign = conditions.campaign_id
        ? await db
            .selectFrom('campaigns')
            .select(['name', 'brand_id'])
            .where('id', '=', conditions.campaign_id)
            .executeTakeFirst()
        : undefined;
      const { brandIds } = filter;
      const campaignName =
        campaign && (brandIds === 'all' || brandIds.includes(campaign.brand_id)) ? campaign.name : '';
      const needsTotals = wants('statistics') || wants('insights');
      const [totals, cards, weekly, distribution, kinds] = await Promise.all([
        reporting.totals(filter),
        needsTotals ? reporting.cards(filter) : null,
        wants('performance') ? reporting.weekly(filter) : null,
        wants('demographic') ? reporting.distribution(filter) : null,
        reporting.kinds(filter),
      ]);
      const cost = totals.cashbackPence + totals.successFeePence;
      const answer: DashboardAnswer = {
        name: campaignName,
        start_date: range.start_date,
        end_date: range.end_date,
        count: totals.campaigns,
        is_two_customer:
          kinds.customerTypes.includes('new') &&
          kinds.customerTypes.some((type) => type === 'existing' || type === 'lapsed'),
        offerTypeList: kinds.offerTypes,
        currentFilter: {
          start_date: range.start_date,
          end_date: range.end_date,
          brandId: conditions.brand_id ?? null,
          groupId: conditions.group_id ?? null,
          campaign_id: conditions.campaign_id ?? null,
          data_source: conditions.data_source ?? null,
          kmid: conditions.kmid ?? null,
          tranCustomerType: conditions.customer_type_wrt_account ?? null,
          selectedOfferType: conditions.selectedOfferType ?? null,
        },
      };
      if (cards && wants('statistics')) {
        answer.statistics = [
          { name: 'reach', value: cards.reach },
          { name: 'conversions', value: totals.conversions },
          { name: 'revenue', value: totals.spendPence },
          { name: 'total_cost', value: cost },
          { name: 'totalCashback', value: totals.cashbackPence },
          { name: 'totalSuccessFee', value: totals.successFeePence },
          { name: 'cpa', value: perConversion(cost, totals.conversions) },
        ];
      }
      if (cards && wants('insights')) {
        answer.insights = [
          { name: 'highest_spend', value: totals.maxSpendPence ?? 'N/A' },
          { name: 'lowest_spend', value: totals.minSpendPence ?? 'N/A' },
          { name: 'average_spend', value: perConversion(totals.spendPence, totals.conversions) },
          { name: 'repeat_customers', value: cards.repeat },
        ];
      }
      if (weekly) {
        answer.performance = {
          reach: weekly.map((week) => ({ label: week.week, value: week.reach })),
          conversions: weekly.map((week) => ({ label: week.week, value: week.conversions })),
          revenue: weekly.map((week) => ({ label: week.week, value: week.spendPence })),
        };
      }
      if (distribution) {
        // Age, gender and nationality need cardholder data no publisher sends yet: empty, never guessed.
        answer.demographic = {
          age: [],
          gender: [],
          nationality: [],
          branches: distribution.branches,
          revenuePerPublisher: distribution.publishers,
        };
      }
      return answer;
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
