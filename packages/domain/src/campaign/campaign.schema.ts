import { z } from 'zod';
import { deviceInfoSchema, whenObject } from '../auth/auth.schema.ts';
import { messages } from '../messages/messages.ts';
import { campaignTemplateEntrySchema, promoCodeSchema } from '../template/template.schema.ts';
import {
  campaignMonthWindow,
  defaultStartDate,
  isIsoDate,
  isIsoMonth,
  isMonthSelectable,
  periodOf,
  type CampaignWindowKind,
} from './campaign-dates.rules.ts';
import { defaultHoldoutShareBasisPoints } from '../incrementality/holdout.rules.ts';
import { holdoutShareSchema } from '../incrementality/incrementality.schema.ts';
import { capsFieldsShape } from './campaign-caps.schema.ts';
import { combinationIssues, timePattern } from './campaign-form.rules.ts';
import {
  applyFormRules,
  budgetTypes,
  campaignName,
  campaignNameLength,
  cardNetworkCampaignName,
  customerTypes,
  discountTypes,
  fixedDiscountPercent,
} from './campaign.rules.ts';

/**
 * The campaign payload of spec 1 §3 as one zod schema: the web form validates with it and
 * `POST /api/campaigns` / `PUT /api/campaigns/{id}` receive it. Field checks say what is wrong
 * with one value; the object check (run even while fields are invalid, so a form shows every
 * problem at once) says what the combination needs: the fields of the chosen discount type, the
 * last transaction for existing and lapsed customers, the budget, a branch, the order of times.
 * The parsed output has the form rules applied (`applyFormRules`): what it returns is what to store.
 *
 * Money is in pounds here, as the form shows it (at most 2 decimals); the API stores pence.
 */

const m = messages.campaign;

export const ageRangeLimits = { min: 10, max: 100 } as const;
export const suggestionsMaxLength = 600;
/** Success fee when the form starts (ours: the spec gives none). */
export const defaultSuccessFee = 10;
/** discountPercent when the form starts (the same 10 the card-network source is fixed at). */
export const defaultDiscountPercent = fixedDiscountPercent;

export const weekDayLabels = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type WeekDayLabel = (typeof weekDayLabels)[number];

/** One week day of the form: `value` is the ISO day number (Monday 1 … Sunday 7). */
export interface WeekDay {
  label: WeekDayLabel;
  value: number;
  selected: boolean;
}

/** Monday to Friday selected, Saturday and Sunday not (spec 1 §9). */
export function defaultWeekDays(): WeekDay[] {
  return weekDayLabels.map((label, index) => ({ label, value: index + 1, selected: index < 5 }));
}

/** '' and null (a cleared input, a column without a value) mean 'not given'. */
const blankAsMissing = <T>(value: T | '' | null | undefined): T | undefined =>
  value === '' || value === null ? undefined : value;

/** A number that may be left empty; its range depends on the discount type, checked below. */
const optionalNumber = (error: string) =>
  z
    .union([z.number(), z.literal(''), z.null()], { error })
    .optional()
    .transform(blankAsMissing);

const optionalTime = z
  .union([z.string().regex(timePattern, m.timeInvalid), z.literal(''), z.null()], { error: m.timeInvalid })
  .optional()
  .transform(blankAsMissing);

/** One message per field: the first rule a value breaks. */
const firstProblem = (problem: (value: string) => string | undefined) =>
  z.string().superRefine((value, ctx) => {
    const message = problem(value);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  });

const startDateField = z
  .string({ error: m.startDateRequired })
  .trim()
  .pipe(
    firstProblem((value) => {
      if (value === '') return m.startDateRequired;
      return isIsoDate(value) && value.endsWith('-01') ? undefined : m.startDateInvalid;
    }),
  );

const nameField = z
  .string({ error: m.nameRequired })
  .trim()
  .pipe(
    firstProblem((value) => {
      if (value === '') return m.nameRequired;
      if (value.length < campaignNameLength.min) return m.nameMin;
      return value.length > campaignNameLength.max ? m.nameMax : undefined;
    }),
  );

const weekDaySchema = z.strictObject({
  label: z.enum(weekDayLabels, { error: m.weekDaysInvalid }),
  value: z.number({ error: m.weekDaysInvalid }),
  selected: z.boolean({ error: m.weekDaysInvalid }),
});

const specDateTime = z.iso.datetime({ offset: true, error: messages.validation.invalidValue });

/**
 * Fields the spec's campaign payload (spec 1 §4) carries beside the form's own. Each repeats what
 * the server knows better (the month's first and last instant, the session's role, the brand's
 * group and distributor deals, the status the server gives), so each is accepted, checked for its
 * shape, and dropped: the server derives them again. `brand_id` and `allBranch` repeat `brandId`
 * and `type`, and must agree with them. The schema's transform drops them all.
 */
const specPayloadEchoShape = {
  openingTime: specDateTime.optional(),
  closingTime: specDateTime.optional(),
  brand_id: z.uuid({ error: m.brandRequired }).optional(),
  allBranch: z.boolean({ error: messages.validation.invalidValue }).optional(),
  merchantId: z
    .union([z.uuid(), z.array(z.uuid()).max(5_000), z.literal(''), z.null()], {
      error: messages.validation.invalidValue,
    })
    .optional(),
  campaign_status: z.string().max(50, messages.validation.tooLong).optional(),
  userRole: z.string().max(50, messages.validation.tooLong).optional(),
  processType: z.literal('Merchant Onboarding', { error: messages.validation.invalidValue }).optional(),
  group_brand_ids: z
    .array(z.uuid({ error: messages.validation.invalidValue }))
    .max(5_000, messages.validation.tooLong)
    .optional(),
  distributorDealSetWithBrand: z
    .array(
      z.strictObject({
        distributors_name: z.string().max(200, messages.validation.tooLong).optional(),
        percentage: z.number().optional(),
        successFee: z.number().optional(),
        startDate: z.string().max(40, messages.validation.tooLong).optional(),
        _id: z.string().max(100, messages.validation.tooLong).optional(),
      }),
    )
    .max(100, messages.validation.tooLong)
    .optional(),
};
/**
 * The campaign's own fields: what is stored, what the edit form reads back (`campaignDetailsSchema`)
 * and what a saved campaign fills the form with (`formValuesOf`). A field added here reaches them all.
 */
export const campaignFieldsShape = {
  name: nameField,
  start_date: startDateField,
  start_time: optionalTime,
  end_time: optionalTime,
  customerType: z.enum(customerTypes, { error: m.customerTypeRequired }),
  /** Months for existing and lapsed customers; the text 'NULL' otherwise. */
  lastTransaction: z
    .union([z.literal('NULL'), z.number(), z.literal(''), z.null()], { error: m.lastTransactionRequired })
    .optional()
    .transform((value): number | 'NULL' => blankAsMissing(value) ?? 'NULL'),
  discountType: z.enum(discountTypes, { error: m.discountTypeRequired }),
  /** dp: whole percent 1–100. */
  discountPercent: optionalNumber(m.percentRange(m.numberFieldNames.discountPercent)),
  /** dv: the minimum spend in pounds. */
  discountAmount: optionalNumber(m.amountInvalid(m.numberFieldNames.discountAmount)),
  /** dv: the discount in pounds, below the minimum spend. */
  discountValue: optionalNumber(m.amountInvalid(m.numberFieldNames.discountValue)),
  /** ss: the spend asked for, as a whole percent of the customer's average transaction value. */
  discountSpreadAmount: optionalNumber(m.percentRange(m.numberFieldNames.discountSpreadAmount)),
  /** ss: the discount, a whole percent. */
  discountSpreadValue: optionalNumber(m.percentRange(m.numberFieldNames.discountSpreadValue)),
  /** ss: the average spend in pounds (optional). */
  spreadAvgSpend: optionalNumber(m.amountInvalid(m.numberFieldNames.spreadAvgSpend)),
  successFee: z
    .number({ error: m.successFeeRequired })
    .refine((fee) => Number.isInteger(fee) && fee >= 0 && fee <= 100, m.successFeeRange),
  budget: optionalNumber(m.amountInvalid(m.numberFieldNames.budget)),
  budgetType: z.enum(budgetTypes).default('na'),
  ...capsFieldsShape,
  /**
   * The share of the brand's cards held out to measure the campaign's lift, in basis points
   * (1,000 is 10%, the default; 0 switches it off; docs/decisions/0129). Fixed once the month starts.
   */
  holdoutShare: holdoutShareSchema,
  age_range: z
    .tuple([z.number({ error: m.ageRangeInvalid }), z.number({ error: m.ageRangeInvalid })], {
      error: m.ageRangeInvalid,
    })
    .refine(
      ([min, max]) =>
        Number.isInteger(min) &&
        Number.isInteger(max) &&
        min >= ageRangeLimits.min &&
        max <= ageRangeLimits.max &&
        min <= max,
      m.ageRangeInvalid,
    )
    .default([ageRangeLimits.min, ageRangeLimits.max]),
  gender: z
    .strictObject({ male: z.boolean(), female: z.boolean() })
    .refine((gender) => gender.male || gender.female, m.genderRequired)
    .default({ male: true, female: true }),
  weekDays: z
    .array(weekDaySchema, { error: m.weekDaysInvalid })
    .refine(
      (days) =>
        days.length === 7 &&
        weekDayLabels.every((label, index) =>
          days.some((day) => day.value === index + 1 && day.label === label),
        ),
      m.weekDaysInvalid,
    )
    .refine((days) => days.some((day) => day.selected), m.weekDaysRequired)
    .default(defaultWeekDays),
  recurring: z.boolean().default(true),
  suggestions: z.string().max(suggestionsMaxLength, m.suggestionsMax).default(''),
  /** Required: the form fills it from the session for users with one brand, groupAdmin picks it. */
  brandId: z.uuid({ error: m.brandRequired }),
  /** 'All' when every branch of the brand is chosen; then no merchantIds. */
  type: z.literal('All', { error: messages.validation.invalidValue }).optional(),
  /** The chosen branches when not all of them; then no type. */
  merchantIds: z
    .array(z.uuid({ error: messages.validation.invalidValue }))
    .max(5_000, messages.validation.tooLong)
    .optional(),
  /** Templates: the month ('YYYY-MM') the monthly campaign stops after. */
  validUntil: z
    .union([z.string().refine(isIsoMonth, m.monthInvalid), z.literal(''), z.null()], {
      error: m.monthInvalid,
    })
    .optional()
    .transform(blankAsMissing),
  templates: z.array(campaignTemplateEntrySchema).max(3, m.templateTypeDuplicate).optional(),
  promoCode: promoCodeSchema.optional(),
};
export type CampaignField = keyof typeof campaignFieldsShape;
export const campaignFields = Object.keys(campaignFieldsShape) as CampaignField[];

const campaignFormShape = {
  ...campaignFieldsShape,
  /** Accepted from the edit form and ignored: the path names the campaign. */
  _id: z.string().max(100).optional(),
  /** Accepted and ignored, as at login: the server reads the request itself. */
  deviceInfo: z.optional(deviceInfoSchema),
  ...specPayloadEchoShape,
};

/** What the month-window check needs to know: today, the timezone setting, the user's kind. */
export interface CampaignFormContext {
  now: Date;
  timeZone: string;
  kind: CampaignWindowKind;
}

function buildCampaignFormSchema(context?: CampaignFormContext) {
  return z
    .strictObject(campaignFormShape)
    .superRefine(
      (form, ctx) => {
        for (const issue of combinationIssues(form as Record<string, unknown>)) {
          ctx.addIssue({ code: 'custom', ...issue });
        }
        const startDate = form.start_date;
        if (
          context &&
          typeof startDate === 'string' &&
          isIsoDate(startDate) &&
          startDate.endsWith('-01') &&
          !isMonthSelectable(startDate, context.now, context.timeZone, context.kind)
        ) {
          const { first, last } = campaignMonthWindow(context.now, context.timeZone, context.kind);
          const message = m.monthOutsideWindow(periodOf(first), periodOf(last));
          ctx.addIssue({ code: 'custom', path: ['start_date'], message });
        }
      },
      { when: whenObject },
    )
    .transform(
      ({
        openingTime: _openingTime,
        closingTime: _closingTime,
        brand_id: _brandId,
        allBranch: _allBranch,
        merchantId: _merchantId,
        campaign_status: _status,
        userRole: _userRole,
        processType: _processType,
        group_brand_ids: _groupBrandIds,
        distributorDealSetWithBrand: _deals,
        ...form
      }) => applyFormRules(form),
    );
}

/** The campaign form and payload, without the month window (which needs today). */
export const campaignFormSchema = buildCampaignFormSchema();

/**
 * The same schema plus the month window of the user's kind (spec 1 §5): the API validates with
 * this, and so can the form when it knows today and the user's kind.
 */
export function campaignFormSchemaFor(context: CampaignFormContext) {
  return buildCampaignFormSchema(context);
}

export type CampaignFormInput = z.input<typeof campaignFormSchema>;
export type CampaignForm = z.output<typeof campaignFormSchema>;

export interface DefaultCampaignFormOptions {
  now: Date;
  timeZone: string;
  brandId?: string;
  /** With the brand name (and its current campaign count) the name is filled in. */
  brandName?: string;
  currentCount?: number;
  /** The card-network source: the month-in-full name and the fixed discount. */
  cardNetwork?: boolean;
}

/**
 * A new campaign form with every default of spec 1 §9: start on the default start date, all
 * customers, discount percent 10, budget type na, ages 10–100, both genders, Monday to Friday,
 * recurring, no comments, no branch chosen yet. Empty inputs are '' so inputs stay controlled.
 */
export function defaultCampaignForm(options: DefaultCampaignFormOptions): CampaignFormInput {
  const startDate = defaultStartDate(options.now, options.timeZone);
  let name = '';
  if (options.brandName !== undefined) {
    name = options.cardNetwork
      ? cardNetworkCampaignName(options.brandName, startDate)
      : campaignName(options.brandName, startDate, options.currentCount ?? 0);
  }
  return {
    name,
    start_date: startDate,
    start_time: '',
    end_time: '',
    customerType: 'all',
    lastTransaction: 'NULL',
    discountType: 'dp',
    discountPercent: defaultDiscountPercent,
    discountAmount: '',
    discountValue: '',
    discountSpreadAmount: '',
    discountSpreadValue: '',
    spreadAvgSpend: '',
    successFee: defaultSuccessFee,
    budget: '',
    budgetType: 'na',
    maxCashbackPerTransaction: '',
    maxTransactionsPerCard: '',
    maxTransactionsPerCardPerInterval: '',
    maxSpendPerCardPerInterval: '',
    capInterval: '',
    holdoutShare: defaultHoldoutShareBasisPoints,
    age_range: [ageRangeLimits.min, ageRangeLimits.max],
    gender: { male: true, female: true },
    weekDays: defaultWeekDays(),
    recurring: true,
    suggestions: '',
    brandId: options.brandId ?? '',
    merchantIds: [],
    validUntil: '',
  };
}

/**
 * POST campaigns/campaignStartPause/{id} (spec 1 §7): `range` lists 'DD/MM/YYYY - DD/MM/YYYY' ranges
 * to add or delete; to edit one (spec 1 §2: "add, edit or delete paused ranges"), `range` holds it
 * and `newAddedDate` its new dates. The dates themselves are read by `parsePauseRange`.
 */
export const campaignPauseRequestSchema = z
  .strictObject({
    range: z.array(z.string().max(40)).min(1).max(24),
    action: z.enum(['add', 'delete', 'edit']),
    newAddedDate: z.string().max(40).optional(),
    brandName: z.string().max(200).optional(),
  })
  .refine((body) => body.action !== 'edit' || (body.range.length === 1 && body.newAddedDate !== undefined), {
    path: ['newAddedDate'],
    error: m.pauseEditNeedsRanges,
  });
export type CampaignPauseRequest = z.infer<typeof campaignPauseRequestSchema>;
