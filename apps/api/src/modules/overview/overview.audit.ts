import type { OverviewFigures } from '@krowd/domain/overview/overview.schema';

/**
 * An overview's figures as the audit log compares them (docs/decisions/0113): the summary's amounts
 * as whole-pence fields (`*_pence`, shown in pounds), reach and conversions, and the performance
 * rows and stats as they are (revenue in pence). CPA 'N/A' (no conversion) is empty.
 */
export function overviewAuditFields(figures: OverviewFigures): Record<string, unknown> {
  const { co } = figures;
  return {
    total_cost_pence: co.totalCost,
    highest_spend_pence: co.highestSpend,
    lowest_spend_pence: co.lowestSpend,
    average_spend_pence: co.averageSpend,
    reach: co.reach,
    conversions: co.conversions,
    revenue_pence: co.revenue,
    cpa_pence: co.cpa === 'N/A' ? null : co.cpa,
    performance: figures.performance,
    stats: figures.stats,
  };
}
