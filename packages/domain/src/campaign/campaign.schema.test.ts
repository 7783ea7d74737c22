import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { messages } from '../messages/messages.ts';
import {
  campaignFormSchema,
  campaignFormSchemaFor,
  defaultCampaignForm,
  defaultWeekDays,
  type CampaignFormInput,
} from './campaign.schema.ts';

const m = messages.campaign;
const newYork = 'America/New_York';
const today = new Date('2026-01-20T17:00:00Z');

const brandId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const branchA = '9b2d7c1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const branchB = 'c56a4180-65aa-42ec-a945-5fd21dec0538';
const templateId = '6ba7b810-9dad-41d1-80b4-00c04fd430c8';

/** Every message reported, keyed by its dotted path ('' for the object itself). */
function problems(input: unknown, schema: ZodType = campaignFormSchema): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string[]> = {};
  for (const issue of result.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
  return found;
}

/** A valid dp form as the create screen starts it, with a brand and a branch chosen. */
const dpForm = (): CampaignFormInput => ({
  ...defaultCampaignForm({
    now: today,
    timeZone: newYork,
    brandId,
    brandName: 'Green Fork',
    currentCount: 2,
  }),
  merchantIds: [branchA],
});

const dvForm = (): CampaignFormInput => ({
  ...dpForm(),
  discountType: 'dv',
  customerType: 'existing',
  lastTransaction: 3,
  discountPercent: '',
  discountAmount: 50,
  discountValue: 7.5,
});

const ssForm = (): CampaignFormInput => ({
  ...dpForm(),
  discountType: 'ss',
  customerType: 'new',
  discountPercent: '',
  discountSpreadAmount: 20,
  discountSpreadValue: 15,
  spreadAvgSpend: 28.4,
});

describe('defaultCampaignForm', () => {
  it('starts with every default of spec 1 §9', () => {
    expect(defaultCampaignForm({ now: today, timeZone: newYork })).toEqual({
      name: '',
      start_date: '2026-02-01',
      start_time: '',
      end_time: '',
      customerType: 'all',
      lastTransaction: 'NULL',
      discountType: 'dp',
      discountPercent: 10,
      discountAmount: '',
      discountValue: '',
      discountSpreadAmount: '',
      discountSpreadValue: '',
      spreadAvgSpend: '',
      successFee: 10,
      budget: '',
      budgetType: 'na',
      maxCashbackPerTransaction: '',
      maxTransactionsPerCard: '',
      maxTransactionsPerCardPerInterval: '',
      maxSpendPerCardPerInterval: '',
      capInterval: '',
      holdoutShare: 1000,
      age_range: [10, 100],
      gender: { male: true, female: true },
      weekDays: [
        { label: 'Monday', value: 1, selected: true },
        { label: 'Tuesday', value: 2, selected: true },
        { label: 'Wednesday', value: 3, selected: true },
        { label: 'Thursday', value: 4, selected: true },
        { label: 'Friday', value: 5, selected: true },
        { label: 'Saturday', value: 6, selected: false },
        { label: 'Sunday', value: 7, selected: false },
      ],
      recurring: true,
      suggestions: '',
      brandId: '',
      merchantIds: [],
      validUntil: '',
    });
  });

  it('names the campaign from the brand, the default month and the count', () => {
    const form = defaultCampaignForm({
      now: new Date('2026-01-27T17:00:00Z'),
      timeZone: newYork,
      brandName: 'Green Fork',
      currentCount: 4,
    });
    expect(form).toMatchObject({ start_date: '2026-03-01', name: 'Green Fork26035' });
  });

  it('uses the month-in-full name and the fixed 10% for the card-network source', () => {
    const form = defaultCampaignForm({
      now: today,
      timeZone: newYork,
      brandName: 'Green Fork',
      cardNetwork: true,
    });
    expect(form).toMatchObject({ name: 'Green Fork February 2026', discountPercent: 10 });
  });

  it('gives a new week-day list each time, so one form cannot change another', () => {
    expect(defaultWeekDays()).not.toBe(defaultWeekDays());
  });

  it('is not valid until a brand and a branch are chosen', () => {
    expect(problems(defaultCampaignForm({ now: today, timeZone: newYork }))).toEqual({
      name: [m.nameRequired],
      brandId: [m.brandRequired],
      merchantIds: [m.branchRequired],
    });
  });
});

describe('campaignFormSchema accepts', () => {
  it('the default dp form with a brand and a branch, blanks read as not given', () => {
    const parsed = campaignFormSchema.parse(dpForm());
    expect(parsed).toMatchObject({
      name: 'Green Fork26023',
      start_date: '2026-02-01',
      customerType: 'all',
      lastTransaction: 'NULL',
      discountType: 'dp',
      discountPercent: 10,
      successFee: 10,
      budgetType: 'na',
      recurring: true,
      brandId,
      merchantIds: [branchA],
    });
    expect(parsed.start_time).toBeUndefined();
    expect(parsed.discountAmount).toBeUndefined();
    expect(parsed.validUntil).toBeUndefined();
  });

  it('a dv form with a minimum spend in pounds and pence', () => {
    expect(campaignFormSchema.parse(dvForm())).toMatchObject({
      discountType: 'dv',
      customerType: 'existing',
      lastTransaction: 3,
      discountAmount: 50,
      discountValue: 7.5,
    });
  });

  it('an ss form with its ATV percent, discount and average spend', () => {
    expect(campaignFormSchema.parse(ssForm())).toMatchObject({
      discountType: 'ss',
      customerType: 'new',
      discountSpreadAmount: 20,
      discountSpreadValue: 15,
      spreadAvgSpend: 28.4,
    });
  });

  it('a minimal payload, filling in the defaults', () => {
    const parsed = campaignFormSchema.parse({
      name: 'Green Fork26021',
      start_date: '2026-02-01',
      customerType: 'new',
      discountType: 'dp',
      discountPercent: 5,
      successFee: 0,
      brandId,
      type: 'All',
    });
    expect(parsed).toMatchObject({
      lastTransaction: 'NULL',
      budgetType: 'na',
      age_range: [10, 100],
      gender: { male: true, female: true },
      weekDays: defaultWeekDays(),
      recurring: true,
      suggestions: '',
      type: 'All',
      customerType: 'all',
    });
    expect(parsed.merchantIds).toBeUndefined();
  });

  it('every option at its limits', () => {
    const parsed = campaignFormSchema.parse({
      ...dvForm(),
      name: 'G'.repeat(70),
      start_time: '00:00',
      end_time: '23:59',
      customerType: 'lapsed',
      lastTransaction: 12,
      discountAmount: 1_000_000,
      discountValue: 0.01,
      successFee: 100,
      budgetType: 'budget',
      budget: 0.01,
      age_range: [100, 100],
      gender: { male: false, female: true },
      weekDays: defaultWeekDays().map((day) => ({ ...day, selected: day.value === 7 })),
      recurring: false,
      suggestions: 'x'.repeat(600),
      merchantIds: [branchA, branchB],
      validUntil: '2026-02',
      templates: [
        { type: 'sms', templateId, preview: 'Get £7.50 off', fields: {} },
        {
          type: 'email',
          templateId,
          preview: 'Hello',
          fields: { 'Top Image': 'top.png', 'Bottom Image': 'bottom.png' },
        },
      ],
      promoCode: { mode: 'single', code: 'SPRING-26' },
    });
    expect(parsed).toMatchObject({ lastTransaction: 12, budget: 0.01, validUntil: '2026-02' });
  });

  it('the spec’s null for an empty column, read as not given', () => {
    const parsed = campaignFormSchema.parse({
      ...dpForm(),
      start_time: null,
      discountAmount: null,
      budget: null,
    });
    expect(parsed.start_time).toBeUndefined();
    expect(parsed.budget).toBeUndefined();
  });

  it('a dp form with existing customers, which the form rules turn into all customers', () => {
    const parsed = campaignFormSchema.parse({
      ...dpForm(),
      customerType: 'existing',
      lastTransaction: 'NULL',
    });
    expect(parsed).toMatchObject({ customerType: 'all', lastTransaction: 'NULL' });
  });

  it('with the form rules applied: a dv form sheds its percent, a new customer its months', () => {
    const parsed = campaignFormSchema.parse({
      ...dvForm(),
      discountPercent: 40,
      customerType: 'new',
      lastTransaction: 5,
    });
    expect(parsed.discountPercent).toBeUndefined();
    expect(parsed.lastTransaction).toBe('NULL');
  });

  it('a budget sent with budget type na, then dropped', () => {
    expect(campaignFormSchema.parse({ ...dpForm(), budgetType: 'na', budget: 300 }).budget).toBeUndefined();
  });
});

describe('campaignFormSchema and the spec’s payload fields (spec 1 §4)', () => {
  const specPayload = () => ({
    ...dpForm(),
    openingTime: '2026-03-01T05:00:00.000Z',
    closingTime: '2026-04-01T03:59:59.999Z',
    brand_id: brandId,
    allBranch: false,
    merchantId: branchA,
    campaign_status: 'future',
    userRole: 'brandAdmin',
    processType: 'Merchant Onboarding' as const,
    group_brand_ids: [brandId],
    distributorDealSetWithBrand: [
      { distributors_name: 'ATR', percentage: 10, successFee: 10, startDate: '2026-01-01' },
    ],
  });

  it('accepts every field of the spec’s payload and drops those the server derives', () => {
    const parsed = campaignFormSchema.parse(specPayload());

    expect(parsed).toEqual(campaignFormSchema.parse(dpForm()));
    expect(Object.keys(parsed)).not.toContain('openingTime');
    expect(Object.keys(parsed)).not.toContain('distributorDealSetWithBrand');
  });

  it('accepts allBranch true with type All', () => {
    const { merchantIds: _ids, ...allBranches } = specPayload();
    expect(problems({ ...allBranches, type: 'All', allBranch: true })).toEqual({});
  });

  it('refuses a brand_id or allBranch that contradicts brandId or the branch choice', () => {
    expect(problems({ ...specPayload(), brand_id: branchA })).toEqual({
      brand_id: [m.brandIdsDisagree],
    });
    expect(problems({ ...specPayload(), allBranch: true })).toEqual({
      allBranch: [m.branchSelectionConflict],
    });
  });

  it('refuses spec fields of the wrong shape', () => {
    expect(Object.keys(problems({ ...specPayload(), openingTime: 'March' }))).toEqual(['openingTime']);
    expect(Object.keys(problems({ ...specPayload(), processType: 'Other' }))).toEqual(['processType']);
    expect(Object.keys(problems({ ...specPayload(), group_brand_ids: ['x'] }))).toEqual([
      'group_brand_ids.0',
    ]);
  });
});

describe('campaignFormSchema refuses', () => {
  it.each<{
    case: string;
    change: Partial<Record<keyof CampaignFormInput, unknown>>;
    path: string;
    message: string;
  }>([
    { case: 'a missing name', change: { name: undefined }, path: 'name', message: m.nameRequired },
    { case: 'a blank name', change: { name: '   ' }, path: 'name', message: m.nameRequired },
    { case: 'a 4-character name', change: { name: 'Abcd' }, path: 'name', message: m.nameMin },
    { case: 'a 71-character name', change: { name: 'G'.repeat(71) }, path: 'name', message: m.nameMax },
    {
      case: 'a missing start date',
      change: { start_date: undefined },
      path: 'start_date',
      message: m.startDateRequired,
    },
    {
      case: 'an empty start date',
      change: { start_date: '' },
      path: 'start_date',
      message: m.startDateRequired,
    },
    {
      case: 'a start mid-month',
      change: { start_date: '2026-02-15' },
      path: 'start_date',
      message: m.startDateInvalid,
    },
    {
      case: 'a start that is not a date',
      change: { start_date: '02/2026' },
      path: 'start_date',
      message: m.startDateInvalid,
    },
    {
      case: 'a start of 29 February 2026',
      change: { start_date: '2026-02-29' },
      path: 'start_date',
      message: m.startDateInvalid,
    },
    {
      case: 'a start time of 25:00',
      change: { start_time: '25:00' },
      path: 'start_time',
      message: m.timeInvalid,
    },
    { case: 'an end time of 9:5', change: { end_time: '9:5' }, path: 'end_time', message: m.timeInvalid },
    { case: 'a time given as a number', change: { end_time: 930 }, path: 'end_time', message: m.timeInvalid },
    {
      case: 'an end time before the start time',
      change: { start_time: '18:00', end_time: '09:00' },
      path: 'end_time',
      message: m.endTimeAfterStart,
    },
    {
      case: 'an end time equal to the start time',
      change: { start_time: '12:00', end_time: '12:00' },
      path: 'end_time',
      message: m.endTimeAfterStart,
    },
    {
      case: 'no customer type',
      change: { customerType: undefined },
      path: 'customerType',
      message: m.customerTypeRequired,
    },
    {
      case: 'an unknown customer type',
      change: { customerType: 'vip' },
      path: 'customerType',
      message: m.customerTypeRequired,
    },
    {
      case: 'no discount type',
      change: { discountType: undefined },
      path: 'discountType',
      message: m.discountTypeRequired,
    },
    {
      case: 'an unknown discount type',
      change: { discountType: 'bogo' },
      path: 'discountType',
      message: m.discountTypeRequired,
    },
    {
      case: 'a dp form without a percent',
      change: { discountPercent: '' },
      path: 'discountPercent',
      message: m.discountRequired,
    },
    {
      case: 'a dp percent of 0',
      change: { discountPercent: 0 },
      path: 'discountPercent',
      message: m.percentRange(m.numberFieldNames.discountPercent),
    },
    {
      case: 'a dp percent of 101',
      change: { discountPercent: 101 },
      path: 'discountPercent',
      message: m.percentRange(m.numberFieldNames.discountPercent),
    },
    {
      case: 'a dp percent of 12.5',
      change: { discountPercent: 12.5 },
      path: 'discountPercent',
      message: m.percentRange(m.numberFieldNames.discountPercent),
    },
    {
      case: 'a dp percent as text',
      change: { discountPercent: 'ten' },
      path: 'discountPercent',
      message: m.percentRange(m.numberFieldNames.discountPercent),
    },
    {
      case: 'no success fee',
      change: { successFee: undefined },
      path: 'successFee',
      message: m.successFeeRequired,
    },
    {
      case: 'an empty success fee',
      change: { successFee: '' },
      path: 'successFee',
      message: m.successFeeRequired,
    },
    {
      case: 'a success fee of 101',
      change: { successFee: 101 },
      path: 'successFee',
      message: m.successFeeRange,
    },
    {
      case: 'a success fee of -1',
      change: { successFee: -1 },
      path: 'successFee',
      message: m.successFeeRange,
    },
    {
      case: 'a success fee of 2.5',
      change: { successFee: 2.5 },
      path: 'successFee',
      message: m.successFeeRange,
    },
    {
      case: 'a budget type without a budget',
      change: { budgetType: 'budget' },
      path: 'budget',
      message: m.budgetRequired,
    },
    {
      case: 'a budget of 0',
      change: { budgetType: 'budget', budget: 0 },
      path: 'budget',
      message: m.amountInvalid(m.numberFieldNames.budget),
    },
    {
      case: 'a budget of a tenth of a penny',
      change: { budgetType: 'budget', budget: 10.001 },
      path: 'budget',
      message: m.amountInvalid(m.numberFieldNames.budget),
    },
    {
      case: 'an unknown budget type',
      change: { budgetType: 'monthly' },
      path: 'budgetType',
      message: messages.validation.invalidValue,
    },
    { case: 'ages from 5', change: { age_range: [5, 100] }, path: 'age_range', message: m.ageRangeInvalid },
    { case: 'ages to 101', change: { age_range: [10, 101] }, path: 'age_range', message: m.ageRangeInvalid },
    {
      case: 'ages the wrong way round',
      change: { age_range: [60, 20] },
      path: 'age_range',
      message: m.ageRangeInvalid,
    },
    {
      case: 'an age of 20.5',
      change: { age_range: [20.5, 40] },
      path: 'age_range',
      message: m.ageRangeInvalid,
    },
    { case: 'one age only', change: { age_range: [20] }, path: 'age_range', message: m.ageRangeInvalid },
    {
      case: 'no gender',
      change: { gender: { male: false, female: false } },
      path: 'gender',
      message: m.genderRequired,
    },
    {
      case: 'no week day selected',
      change: { weekDays: defaultWeekDays().map((day) => ({ ...day, selected: false })) },
      path: 'weekDays',
      message: m.weekDaysRequired,
    },
    {
      case: 'six week days',
      change: { weekDays: defaultWeekDays().slice(1) },
      path: 'weekDays',
      message: m.weekDaysInvalid,
    },
    {
      case: 'a week day twice',
      change: { weekDays: [...defaultWeekDays().slice(0, 6), { label: 'Monday', value: 1, selected: true }] },
      path: 'weekDays',
      message: m.weekDaysInvalid,
    },
    {
      case: 'a label that does not match its day',
      change: {
        weekDays: defaultWeekDays().map((day) => (day.value === 1 ? { ...day, label: 'Sunday' } : day)),
      },
      path: 'weekDays',
      message: m.weekDaysInvalid,
    },
    {
      case: '601 characters of comments',
      change: { suggestions: 'x'.repeat(601) },
      path: 'suggestions',
      message: m.suggestionsMax,
    },
    { case: 'no brand', change: { brandId: undefined }, path: 'brandId', message: m.brandRequired },
    { case: 'an empty brand', change: { brandId: '' }, path: 'brandId', message: m.brandRequired },
    {
      case: 'a brand that is not an id',
      change: { brandId: 'green-fork' },
      path: 'brandId',
      message: m.brandRequired,
    },
    { case: 'no branch', change: { merchantIds: [] }, path: 'merchantIds', message: m.branchRequired },
    {
      case: 'no branch list and no type',
      change: { merchantIds: undefined },
      path: 'merchantIds',
      message: m.branchRequired,
    },
    {
      case: 'all branches and a list',
      change: { type: 'All', merchantIds: [branchA] },
      path: 'merchantIds',
      message: m.branchSelectionConflict,
    },
    {
      case: 'a branch twice',
      change: { merchantIds: [branchA, branchA] },
      path: 'merchantIds',
      message: m.branchDuplicate,
    },
    {
      case: 'a branch that is not an id',
      change: { merchantIds: ['b1'] },
      path: 'merchantIds.0',
      message: messages.validation.invalidValue,
    },
    {
      case: 'a type other than All',
      change: { type: 'Some' },
      path: 'type',
      message: messages.validation.invalidValue,
    },
    {
      case: 'valid until before the start',
      change: { validUntil: '2026-01' },
      path: 'validUntil',
      message: m.validUntilBeforeStart,
    },
    {
      case: 'valid until that is not a month',
      change: { validUntil: '2026-13' },
      path: 'validUntil',
      message: m.monthInvalid,
    },
    {
      case: 'an email template with one image',
      change: {
        templates: [{ type: 'email', templateId, preview: 'Hi', fields: { 'Top Image': 'top.png' } }],
      },
      path: 'templates.0.fields',
      message: m.selectTwoImages,
    },
    {
      case: 'two sms templates',
      change: {
        templates: [
          { type: 'sms', templateId, preview: 'a', fields: {} },
          { type: 'sms', templateId, preview: 'b', fields: {} },
        ],
      },
      path: 'templates',
      message: m.templateTypeDuplicate,
    },
    {
      case: 'a single promo code left empty',
      change: { promoCode: { mode: 'single' } },
      path: 'promoCode.code',
      message: m.promoCodeRequired,
    },
    {
      case: 'a promo code with a space',
      change: { promoCode: { mode: 'single', code: 'SPRING 26' } },
      path: 'promoCode.code',
      message: m.promoCodeInvalid,
    },
    {
      case: 'a code with multiple promo codes',
      change: { promoCode: { mode: 'multiple', code: 'X1' } },
      path: 'promoCode.code',
      message: m.promoCodeNotExpected,
    },
  ])('$case: "$message"', ({ change, path, message }) => {
    expect(problems({ ...dpForm(), ...change })[path]).toContain(message);
  });

  it.each<{
    case: string;
    change: Partial<Record<keyof CampaignFormInput, unknown>>;
    path: string;
    message: string;
  }>([
    {
      case: 'no minimum spend',
      change: { discountAmount: '' },
      path: 'discountAmount',
      message: m.discountAmountRequired,
    },
    {
      case: 'no discount',
      change: { discountValue: undefined },
      path: 'discountValue',
      message: m.discountRequired,
    },
    {
      case: 'a minimum spend of 0',
      change: { discountAmount: 0 },
      path: 'discountAmount',
      message: m.amountInvalid(m.numberFieldNames.discountAmount),
    },
    {
      case: 'a minimum spend of £10.555',
      change: { discountAmount: 10.555 },
      path: 'discountAmount',
      message: m.amountInvalid(m.numberFieldNames.discountAmount),
    },
    {
      case: 'a minimum spend as text',
      change: { discountAmount: '50' },
      path: 'discountAmount',
      message: m.amountInvalid(m.numberFieldNames.discountAmount),
    },
    {
      case: 'a minimum spend over £1,000,000',
      change: { discountAmount: 1_000_000.01 },
      path: 'discountAmount',
      message: m.amountTooLarge(m.numberFieldNames.discountAmount),
    },
    {
      case: 'a negative discount',
      change: { discountValue: -5 },
      path: 'discountValue',
      message: m.amountInvalid(m.numberFieldNames.discountValue),
    },
    {
      case: 'a discount equal to the minimum spend',
      change: { discountValue: 50 },
      path: 'discountValue',
      message: m.discountBelowMinimumSpend,
    },
    {
      case: 'a discount above the minimum spend',
      change: { discountValue: 75 },
      path: 'discountValue',
      message: m.discountBelowMinimumSpend,
    },
    {
      case: 'existing customers without the months',
      change: { lastTransaction: 'NULL' },
      path: 'lastTransaction',
      message: m.lastTransactionRequired,
    },
    {
      case: 'existing customers with 0 months',
      change: { lastTransaction: 0 },
      path: 'lastTransaction',
      message: m.lastTransactionRequired,
    },
    {
      case: 'existing customers with 13 months',
      change: { lastTransaction: 13 },
      path: 'lastTransaction',
      message: m.lastTransactionRequired,
    },
    {
      case: 'lapsed customers without the months',
      change: { customerType: 'lapsed', lastTransaction: undefined },
      path: 'lastTransaction',
      message: m.lastTransactionRequired,
    },
    {
      case: 'months given as text',
      change: { lastTransaction: '3' },
      path: 'lastTransaction',
      message: m.lastTransactionRequired,
    },
  ])('a dv form with $case: "$message"', ({ change, path, message }) => {
    expect(problems({ ...dvForm(), ...change })[path]).toContain(message);
  });

  it.each<{
    case: string;
    change: Partial<Record<keyof CampaignFormInput, unknown>>;
    path: string;
    message: string;
  }>([
    {
      case: 'no ATV percent',
      change: { discountSpreadAmount: '' },
      path: 'discountSpreadAmount',
      message: m.atvPercentRequired,
    },
    {
      case: 'no discount',
      change: { discountSpreadValue: null },
      path: 'discountSpreadValue',
      message: m.discountRequired,
    },
    {
      case: 'an ATV percent of 150',
      change: { discountSpreadAmount: 150 },
      path: 'discountSpreadAmount',
      message: m.percentRange(m.numberFieldNames.discountSpreadAmount),
    },
    {
      case: 'a discount of 7.5%',
      change: { discountSpreadValue: 7.5 },
      path: 'discountSpreadValue',
      message: m.percentRange(m.numberFieldNames.discountSpreadValue),
    },
    {
      case: 'an average spend of -£1',
      change: { spreadAvgSpend: -1 },
      path: 'spreadAvgSpend',
      message: m.amountInvalid(m.numberFieldNames.spreadAvgSpend),
    },
  ])('an ss form with $case: "$message"', ({ change, path, message }) => {
    expect(problems({ ...ssForm(), ...change })[path]).toContain(message);
  });

  it('a field it does not know', () => {
    expect(campaignFormSchema.safeParse({ ...dpForm(), colour: 'blue' }).success).toBe(false);
  });

  it('shows every problem at once, field checks and combination checks together', () => {
    const found = problems({
      ...dvForm(),
      name: 'Abc',
      start_date: '2026-02-15',
      start_time: '18:00',
      end_time: '08:00',
      discountAmount: '',
      discountValue: '',
      successFee: 2.5,
      age_range: [5, 100],
      suggestions: 'x'.repeat(601),
      brandId: '',
      merchantIds: [],
      lastTransaction: 'NULL',
    });
    expect(found).toEqual({
      name: [m.nameMin],
      start_date: [m.startDateInvalid],
      end_time: [m.endTimeAfterStart],
      discountAmount: [m.discountAmountRequired],
      discountValue: [m.discountRequired],
      successFee: [m.successFeeRange],
      age_range: [m.ageRangeInvalid],
      suggestions: [m.suggestionsMax],
      brandId: [m.brandRequired],
      merchantIds: [m.branchRequired],
      lastTransaction: [m.lastTransactionRequired],
    });
  });

  it('something that is not an object', () => {
    expect(campaignFormSchema.safeParse('campaign').success).toBe(false);
    expect(campaignFormSchema.safeParse(null).success).toBe(false);
  });
});

describe('campaignFormSchemaFor (with the month window)', () => {
  const standard = campaignFormSchemaFor({ now: today, timeZone: newYork, kind: 'standard' });
  const cardNetwork = campaignFormSchemaFor({
    now: today,
    timeZone: newYork,
    kind: 'cardNetworkOrFirstLogin',
  });

  it.each([
    { start: '2026-02-01', schema: standard, ok: true, why: 'next month' },
    { start: '2026-08-01', schema: standard, ok: true, why: '7 months ahead' },
    { start: '2026-07-01', schema: cardNetwork, ok: true, why: '6 months ahead' },
  ])('accepts $start ($why)', ({ start, schema }) => {
    expect(problems({ ...dpForm(), start_date: start }, schema)).toEqual({});
  });

  it.each([
    { start: '2026-01-01', schema: standard, message: m.monthOutsideWindow('02/2026', '08/2026') },
    { start: '2025-12-01', schema: standard, message: m.monthOutsideWindow('02/2026', '08/2026') },
    { start: '2026-09-01', schema: standard, message: m.monthOutsideWindow('02/2026', '08/2026') },
    { start: '2026-08-01', schema: cardNetwork, message: m.monthOutsideWindow('02/2026', '07/2026') },
  ])('refuses $start: "$message"', ({ start, schema, message }) => {
    expect(problems({ ...dpForm(), start_date: start }, schema)).toEqual({ start_date: [message] });
  });

  it('words the window as the month pickers do', () => {
    expect(m.monthOutsideWindow('02/2026', '08/2026')).toBe(
      'Please select a campaign month from 02/2026 to 08/2026',
    );
  });
});
