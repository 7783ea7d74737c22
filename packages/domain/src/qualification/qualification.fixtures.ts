import type { QualificationCampaign } from './qualification.types.ts';

const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * A June 2025 campaign as the engine reads it, for the engine's tests: live, at every branch and
 * every day, dp 10% with a 10% success fee, no budget and no caps; `change` sets what a case needs.
 */
export function juneCampaign(change: Partial<QualificationCampaign> = {}): QualificationCampaign {
  return {
    id: 'june',
    brandId: 'brand-1',
    createdAt: '2025-04-01T09:00:00Z',
    status: 'Active',
    start_date: '2025-06-01',
    allBranches: true,
    branchIds: [],
    pauses: [],
    weekDays: everyDay,
    start_time: null,
    end_time: null,
    customerType: 'all',
    lastTransaction: 'NULL',
    discountType: 'dp',
    discountPercent: 10,
    successFee: 10,
    budgetType: 'na',
    budgetPence: null,
    budgetSpentPence: 0,
    discountAmountPence: null,
    discountValuePence: null,
    discountSpreadAmount: null,
    discountSpreadValue: null,
    spreadAvgSpendPence: null,
    maxCashbackPence: null,
    maxTransactionsPerCard: null,
    maxTransactionsPerInterval: null,
    maxSpendPerIntervalPence: null,
    capInterval: null,
    holdoutShareBasisPoints: 0,
    ...change,
  };
}
