import { z } from 'zod';
import { deviceInfoSchema, whenObject } from '../auth/auth.schema.ts';
import { messages } from '../messages/messages.ts';
import { sortDirections } from '../list/list.schema.ts';
import { campaignTemplateEntrySchema, promoCodeSchema } from '../template/template.schema.ts';
import {
  campaignMonthWindow,
  campaignPhases,
  defaultStartDate,
  isIsoDate,
  isIsoMonth,
  isMonthSelectable,
  monthOf,
  periodOf,
  type CampaignWindowKind,
} from './campaign-dates.rules.ts';
import {
  applyFormRules,
  budgetTypes,
  campaignName,
  campaignNameLength,
  campaignStatuses,
  campaignStatusLabels,
  cardNetworkCampaignName,
  customerTypes,
  discountTypes,
  fixedDiscountPercent,
  needsLastTransaction,
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
export const lastTransactionLimits = { min: 1, max: 12 } as const;
/** The largest amount in pounds any money field takes. */
export const maxPounds = 1_000_000;
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

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

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
const campaignFormShape = {
  /** Accepted from the edit form and ignored: the path names the campaign. */
  _id: z.string().max(100).optional(),
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
  discountPercent: optionalNumber(m.percentRange),
  /** dv: the minimum spend in pounds. */
  discountAmount: optionalNumber(m.amountInvalid),
  /** dv: the discount in pounds, below the minimum spend. */
  discountValue: optionalNumber(m.amountInvalid),
  /** ss: the spend asked for, as a whole percent of the customer's average transaction value. */
  discountSpreadAmount: optionalNumber(m.percentRange),
  /** ss: the discount, a whole percent. */
  discountSpreadValue: optionalNumber(m.percentRange),
  /** ss: the average spend in pounds (optional). */
  spreadAvgSpend: optionalNumber(m.amountInvalid),
  successFee: z
    .number({ error: m.successFeeRequired })
    .refine((fee) => Number.isInteger(fee) && fee >= 0 && fee <= 100, m.successFeeRange),
  budget: optionalNumber(m.amountInvalid),
  budgetType: z.enum(budgetTypes).default('na'),
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

type Issue = { path: PropertyKey[]; message: string };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isWholePercent = (value: unknown) =>
  isNumber(value) && Number.isInteger(value) && value >= 1 && value <= 100;
/** Pounds above zero with at most 2 decimals (binary noise below a millionth of a penny ignored). */
const isPounds = (value: number) => value > 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

function percentIssues(value: unknown, path: string, required: string): Issue[] {
  if (value === undefined) return [{ path: [path], message: required }];
  if (isNumber(value) && !isWholePercent(value)) return [{ path: [path], message: m.percentRange }];
  return [];
}

function poundsIssues(value: unknown, path: string, required?: string): Issue[] {
  if (value === undefined) return required ? [{ path: [path], message: required }] : [];
  if (!isNumber(value)) return [];
  if (!isPounds(value)) return [{ path: [path], message: m.amountInvalid }];
  if (value > maxPounds) return [{ path: [path], message: m.amountTooLarge }];
  return [];
}

/** The checks that need more than one field. `form` may hold invalid values: look before use. */
function combinationIssues(form: Record<string, unknown>, context?: CampaignFormContext): Issue[] {
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

  if (context && startValid && !isMonthSelectable(startDate, context.now, context.timeZone, context.kind)) {
    const { first, last } = campaignMonthWindow(context.now, context.timeZone, context.kind);
    issues.push({ path: ['start_date'], message: m.monthOutsideWindow(periodOf(first), periodOf(last)) });
  }

  return issues;
}

function buildCampaignFormSchema(context?: CampaignFormContext) {
  return z
    .strictObject(campaignFormShape)
    .superRefine(
      (form, ctx) => {
        for (const issue of combinationIssues(form as Record<string, unknown>, context)) {
          ctx.addIssue({ code: 'custom', ...issue });
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

/** One row of the campaign lists (spec 3 §2, §3). Money in pounds, as the form. */
export const campaignListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The stored status. */
  status: z.enum(campaignStatuses),
  /** What the lists show (`statusLabel`). */
  statusLabel: z.enum(campaignStatusLabels),
  discountType: z.enum(discountTypes),
  discountPercent: z.number().nullable(),
  discountValue: z.number().nullable(),
  discountSpreadValue: z.number().nullable(),
  successFee: z.number(),
  /** ISO instants of the first and last instant of the campaign month (`monthWindowOf`). */
  openingTime: z.string(),
  closingTime: z.string(),
  start_date: z.string(),
  /** 'MM/YYYY' (`periodOf`). */
  period: z.string(),
  merchantNames: z.array(z.string()),
  brandId: z.string(),
  brandName: z.string(),
  customerType: z.enum(customerTypes),
  suggestions: z.string(),
  recurring: z.boolean(),
  is_primary_campaign: z.boolean(),
  /** 'DD/MM/YYYY - DD/MM/YYYY' (`formatPauseRange`). */
  pausedDate: z.array(z.string()),
  /** `isEditable` today. */
  editable: z.boolean(),
  /** Whether cardholders have earned cashback on it (billed): then it cannot be deleted. */
  hasQualifiedTransactions: z.boolean(),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

/** Columns a campaign list sorts by; 'created' is the default. */
export const campaignSortFields = [
  'created',
  'name',
  'status',
  'discountPercent',
  'successFee',
  'start_date',
  'customerType',
  'suggestions',
  'recurring',
] as const;
export type CampaignSortField = (typeof campaignSortFields)[number];

/**
 * Campaign search applies only with more than 3 characters (spec 1 §5, spec 3 §9), one more than
 * the entity lists of spec 2 (`minSearchLength`).
 */
export const campaignSearchMinLength = 4;

const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** The filter's search: a string or {value}; trimmed, and dropped when 3 characters or fewer. */
const globalSearchField = z
  .union([z.string(), z.object({ value: z.string() })])
  .optional()
  .transform((search) => (typeof search === 'object' ? search.value : search)?.trim())
  .pipe(z.string().max(100, messages.validation.tooLong).optional())
  .transform((search) =>
    search !== undefined && search.length >= campaignSearchMinLength ? search : undefined,
  );

/** The `filter` JSON of GET campaigns (spec 3 §7). */
export const campaignListFilterSchema = z.object(
  {
    limit: z.coerce.number().int().min(1).max(100).default(10),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    /** Extra conditions: regexOr matches part of the text, ignoring case; eq matches exactly. */
    criteria: z
      .array(
        z.object({
          key: z.enum(['name', 'status', 'customerType', 'discountType']),
          value: z.string().max(100),
          type: z.enum(['regexOr', 'eq']),
        }),
      )
      .max(10)
      .optional(),
    direction: z.enum(sortDirections).default('desc'),
    sortfield: z.enum(campaignSortFields).default('created'),
    globalSearch: globalSearchField,
  },
  { error: messages.common.invalidRequest },
);
export type CampaignListFilter = z.output<typeof campaignListFilterSchema>;

/** The filter travels as JSON text in the query; missing or empty means every default. */
function readJson(value: unknown): unknown {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const monthParam = z.preprocess(emptyAsMissing, z.string().refine(isIsoMonth, m.monthInvalid).optional());

const flagParam = z.preprocess(emptyAsMissing, z.enum(['true', 'false']).optional());

/**
 * How many campaigns the dashboard's campaign selector lists at most (ours: the spec's call has
 * no paging). Newest month first; the name filter narrows it.
 */
export const campaignSelectorLimit = 500;

/**
 * GET campaigns?filter=…&campaignType=past|current|future[&brandId][&startMonth][&endMonth]: a
 * page of a list (spec 3 §2). Or campaignType=All&from=dashboard|clientDashboard[&brandId]
 * [&groupId][&filter with a name criterion]: the dashboard's campaign selector (spec 3 §7), whose
 * isClientAdmin, isGroupAdmin and brandName are read but not trusted (the session decides scope).
 */
export const campaignListQuerySchema = z
  .object({
    filter: z.preprocess(readJson, campaignListFilterSchema),
    campaignType: z.enum([...campaignPhases, 'All']),
    brandId: z.preprocess(emptyAsMissing, z.uuid().optional()),
    /** Date-range filter, 'YYYY-MM', both ends inclusive. */
    startMonth: monthParam,
    endMonth: monthParam,
    from: z.enum(['dashboard', 'clientDashboard']).optional(),
    groupId: z.preprocess(emptyAsMissing, z.uuid().optional()),
    brandName: z.string().max(200).optional(),
    isClientAdmin: flagParam,
    isGroupAdmin: flagParam,
  })
  .refine(
    (query) =>
      query.startMonth === undefined || query.endMonth === undefined || query.startMonth <= query.endMonth,
    { path: ['endMonth'], error: m.searchMonthOrder },
  )
  .refine((query) => (query.campaignType === 'All') === (query.from !== undefined), {
    path: ['from'],
    error: messages.validation.invalidValue,
  });
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;
