import { messages } from '../messages/messages.ts';
import { capsIssues } from './campaign-caps.rules.ts';
import { isIsoDate, isIsoMonth, monthOf } from './campaign-dates.rules.ts';
import { needsLastTransaction } from './campaign.rules.ts';

const m = messages.campaign;

export const lastTransactionLimits = { min: 1, max: 12 } as const;
/** The largest amount in pounds any money field takes. */
export const maxPounds = 1_000_000;
/** 'HH:MM', 00:00 to 23:59. */
export const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

export type Issue = { path: PropertyKey[]; message: string };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isWholePercent = (value: unknown) =>
  isNumber(value) && Number.isInteger(value) && value >= 1 && value <= 100;
/** Pounds above zero with at most 2 decimals (binary noise below a millionth of a penny ignored). */
const isPounds = (value: number) => value > 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** The campaign's number fields, by the names their messages give them. */
export type CampaignNumberField = keyof typeof m.numberFieldNames;

function percentIssues(value: unknown, path: CampaignNumberField, required: string): Issue[] {
  if (value === undefined) return [{ path: [path], message: required }];
  if (isNumber(value) && !isWholePercent(value)) {
    return [{ path: [path], message: m.percentRange(m.numberFieldNames[path]) }];
  }
  return [];
}

function poundsIssues(value: unknown, path: CampaignNumberField, required?: string): Issue[] {
  if (value === undefined) return required ? [{ path: [path], message: required }] : [];
  if (!isNumber(value)) return [];
  if (!isPounds(value)) return [{ path: [path], message: m.amountInvalid(m.numberFieldNames[path]) }];
  if (value > maxPounds) return [{ path: [path], message: m.amountTooLarge(m.numberFieldNames[path]) }];
  return [];
}

/**
 * The checks of the campaign form that need more than one field (the month window aside, which
 * needs today: `campaignFormSchemaFor`). `form` may hold invalid values: look before use.
 */
export function combinationIssues(form: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];

  const { start_time: startTime, end_time: endTime } = form;
  if (
    typeof startTime === 'string' &&
    typeof endTime === 'string' &&
    timePattern.test(startTime) &&
    timePattern.test(endTime) &&
    endTime <= startTime
  ) {
    issues.push({ path: ['end_time'], message: m.endTimeAfterStart });
  }

  // dp forces the customer type to 'all' (applyFormRules), so it needs no last transaction.
  const customerType = form.discountType === 'dp' ? 'all' : form.customerType;
  const { lastTransaction } = form;
  const monthsValid =
    isNumber(lastTransaction) &&
    Number.isInteger(lastTransaction) &&
    lastTransaction >= lastTransactionLimits.min &&
    lastTransaction <= lastTransactionLimits.max;
  if (needsLastTransaction(customerType) ? !monthsValid : isNumber(lastTransaction) && !monthsValid) {
    issues.push({ path: ['lastTransaction'], message: m.lastTransactionRequired });
  }

  if (form.discountType === 'dp') {
    issues.push(...percentIssues(form.discountPercent, 'discountPercent', m.discountRequired));
  }
  if (form.discountType === 'dv') {
    const amount = poundsIssues(form.discountAmount, 'discountAmount', m.discountAmountRequired);
    const value = poundsIssues(form.discountValue, 'discountValue', m.discountRequired);
    issues.push(...amount, ...value);
    if (
      amount.length === 0 &&
      value.length === 0 &&
      isNumber(form.discountAmount) &&
      isNumber(form.discountValue) &&
      form.discountValue >= form.discountAmount
    ) {
      issues.push({ path: ['discountValue'], message: m.discountBelowMinimumSpend });
    }
  }
  if (form.discountType === 'ss') {
    issues.push(...percentIssues(form.discountSpreadAmount, 'discountSpreadAmount', m.atvPercentRequired));
    issues.push(...percentIssues(form.discountSpreadValue, 'discountSpreadValue', m.discountRequired));
    issues.push(...poundsIssues(form.spreadAvgSpend, 'spreadAvgSpend'));
  }

  if (form.budgetType === 'budget') issues.push(...poundsIssues(form.budget, 'budget', m.budgetRequired));
  issues.push(...poundsIssues(form.maxCashbackPerTransaction, 'maxCashbackPerTransaction'));
  issues.push(...poundsIssues(form.maxSpendPerCardPerInterval, 'maxSpendPerCardPerInterval'));
  issues.push(...capsIssues(form));

  const merchantIds = Array.isArray(form.merchantIds) ? (form.merchantIds as unknown[]) : undefined;
  const someBranches = merchantIds !== undefined && merchantIds.length > 0;
  if (form.type === 'All' && someBranches) {
    issues.push({ path: ['merchantIds'], message: m.branchSelectionConflict });
  } else if (form.type === undefined && !someBranches) {
    issues.push({ path: ['merchantIds'], message: m.branchRequired });
  } else if (someBranches && new Set(merchantIds).size !== merchantIds.length) {
    issues.push({ path: ['merchantIds'], message: m.branchDuplicate });
  }

  if (typeof form.brand_id === 'string' && form.brand_id !== form.brandId) {
    issues.push({ path: ['brand_id'], message: m.brandIdsDisagree });
  }
  if (typeof form.allBranch === 'boolean' && form.allBranch !== (form.type === 'All')) {
    issues.push({ path: ['allBranch'], message: m.branchSelectionConflict });
  }

  const startDate = form.start_date;
  const startValid = typeof startDate === 'string' && isIsoDate(startDate) && startDate.endsWith('-01');
  if (startValid && isIsoMonth(form.validUntil) && form.validUntil < monthOf(startDate)) {
    issues.push({ path: ['validUntil'], message: m.validUntilBeforeStart });
  }

  if (Array.isArray(form.templates)) {
    const types = form.templates.map((entry: unknown) => (entry as { type?: unknown } | null)?.type);
    if (new Set(types).size !== types.length) {
      issues.push({ path: ['templates'], message: m.templateTypeDuplicate });
    }
  }

  return issues;
}
