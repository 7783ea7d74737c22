import { z } from 'zod';
import { whenObject } from '../auth/auth.schema.ts';
import { combinationIssues } from '../campaign/campaign-form.rules.ts';
import { applyFormRules, budgetTypes } from '../campaign/campaign.rules.ts';
import { campaignFieldsShape } from '../campaign/campaign.schema.ts';

/**
 * "Had this campaign run last month" (docs/decisions/0131): the draft's rule fields as the campaign
 * form holds them (the campaign schema's own fields, pounds as the form shows them, checked with
 * the form's combination rules and changed by its form rules, as a save would be), and the figures
 * the replay answers. The month, its transactions and the card histories are the server's.
 */

/** The fields of the campaign payload the qualification engine reads (qualification.md). */
const ruleFields = {
  brandId: campaignFieldsShape.brandId,
  type: campaignFieldsShape.type,
  merchantIds: campaignFieldsShape.merchantIds,
  weekDays: campaignFieldsShape.weekDays,
  start_time: campaignFieldsShape.start_time,
  end_time: campaignFieldsShape.end_time,
  customerType: campaignFieldsShape.customerType,
  lastTransaction: campaignFieldsShape.lastTransaction,
  discountType: campaignFieldsShape.discountType,
  discountPercent: campaignFieldsShape.discountPercent,
  discountAmount: campaignFieldsShape.discountAmount,
  discountValue: campaignFieldsShape.discountValue,
  discountSpreadAmount: campaignFieldsShape.discountSpreadAmount,
  discountSpreadValue: campaignFieldsShape.discountSpreadValue,
  spreadAvgSpend: campaignFieldsShape.spreadAvgSpend,
  successFee: campaignFieldsShape.successFee,
  budget: campaignFieldsShape.budget,
  budgetType: campaignFieldsShape.budgetType,
  maxCashbackPerTransaction: campaignFieldsShape.maxCashbackPerTransaction,
  maxTransactionsPerCard: campaignFieldsShape.maxTransactionsPerCard,
  maxTransactionsPerCardPerInterval: campaignFieldsShape.maxTransactionsPerCardPerInterval,
  maxSpendPerCardPerInterval: campaignFieldsShape.maxSpendPerCardPerInterval,
  capInterval: campaignFieldsShape.capInterval,
};

/** The names of the draft's rule fields: what the form sends of itself. */
export const backtestRuleFields = Object.keys(ruleFields) as (keyof typeof ruleFields)[];

/** POST campaigns/backtest: the draft's rule fields. */
export const backtestRequestSchema = z
  .strictObject(ruleFields)
  .superRefine(
    (draft, ctx) => {
      for (const issue of combinationIssues(draft as Record<string, unknown>)) {
        ctx.addIssue({ code: 'custom', ...issue });
      }
    },
    { when: whenObject },
  )
  .transform((draft) => applyFormRules(draft));
export type BacktestRequestInput = z.input<typeof backtestRequestSchema>;
export type BacktestDraft = z.output<typeof backtestRequestSchema>;

/** What the replay answers: an allowlist, the API serialises through it. */
export const backtestResultSchema = z.object({
  /** The month replayed, 'YYYY-MM': the last full calendar month in the timezone setting. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** The brand's stored purchases in that month (positive amounts, at its branches). */
  purchases: z.number().int().nonnegative(),
  /** Purchases the draft would have paid. */
  qualified: z.number().int().nonnegative(),
  /** Distinct cards among them. */
  cardholders: z.number().int().nonnegative(),
  /** Their spend, net of the month's refunds of them. */
  revenuePence: z.number().int(),
  /** Cashback paid, net of refunds (what the budget counts). */
  cashbackPence: z.number().int(),
  /** Success fee, net of refunds. */
  successFeePence: z.number().int(),
  budgetType: z.enum(budgetTypes),
  /** The local date the budget would have been used up (budget.rules.ts); null when not reached. */
  budgetRunOutOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

/** POST campaigns/backtest. */
export const backtestAnswerSchema = z.object({ result: backtestResultSchema });
export type BacktestAnswer = z.infer<typeof backtestAnswerSchema>;
