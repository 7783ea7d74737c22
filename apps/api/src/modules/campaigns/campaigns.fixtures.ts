import type { Insertable, Kysely } from 'kysely';
import { monthWindowOf } from '@krowd/domain/campaign/campaign-dates.rules';
import { project, type ProjectionInput } from '@krowd/domain/projection/projection.rules';
import { promoCodeMinimum } from '@krowd/domain/template/template.rules';
import type { DB } from '../../db/database.generated.ts';
import type { BranchStatus } from '@krowd/domain/branch/branch.schema';
import type { CampaignStatus } from '@krowd/domain/campaign/campaign.rules';
import { call, loginAs, signUpNewAccount, type App, type SignedIn } from '../../test/test-app.ts';

/**
 * Test support for the campaign tests (and the access matrix): campaigns inserted straight into
 * the database, a valid form body, and fresh tenants of their own. Only tests import this file.
 */

export const newYork = 'America/New_York';

let campaignCounter = 0;

export interface InsertCampaignOptions {
  brandId: string;
  /** 'YYYY-MM': the campaign month. */
  month: string;
  timeZone?: string;
  name?: string;
  status?: CampaignStatus;
  recurring?: boolean;
  primaryId?: string;
  customerType?: DB['campaigns']['customer_type'];
  lastTransactionMonths?: number | null;
  discountType?: DB['campaigns']['discount_type'];
  discountPercent?: number | null;
  successFee?: number;
  suggestions?: string;
  createdAt?: Date;
  promoCode?: unknown;
  validUntil?: string;
  /** The branches it runs at; none when not given. */
  branchIds?: string[];
  allBranches?: boolean;
  /** Any other column, written as given. */
  values?: Partial<Insertable<DB['campaigns']>>;
}

/** A campaign row written directly (no rule checked), for tests that need one in a given month. */
export async function insertCampaign(db: Kysely<DB>, options: InsertCampaignOptions): Promise<string> {
  campaignCounter += 1;
  const startDate = `${options.month}-01`;
  const window = monthWindowOf(startDate, options.timeZone ?? newYork);
  const row = await db
    .insertInto('campaigns')
    .values({
      brand_id: options.brandId,
      name: options.name ?? `Fixture campaign ${campaignCounter}`,
      status: options.status ?? 'Pending',
      customer_type: options.customerType ?? 'all',
      last_transaction_months: options.lastTransactionMonths ?? null,
      discount_type: options.discountType ?? 'dp',
      discount_percent: options.discountPercent === undefined ? 15 : options.discountPercent,
      success_fee: options.successFee ?? 10,
      week_days: JSON.stringify(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']),
      start_date: startDate,
      opening_time: new Date(window.openingTime),
      closing_time: new Date(window.closingTime),
      recurring: options.recurring ?? false,
      is_primary_campaign: (options.recurring ?? false) && !options.primaryId,
      primary_campaign_id: options.primaryId ?? null,
      all_branches: options.allBranches ?? true,
      suggestions: options.suggestions ?? '',
      valid_until: options.validUntil ? `${options.validUntil}-01` : null,
      promo_code: options.promoCode === undefined ? null : JSON.stringify(options.promoCode),
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
      ...options.values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.branchIds && options.branchIds.length > 0) {
    await db
      .insertInto('campaign_branches')
      .values(
        options.branchIds.map((branchId) => ({
          campaign_id: row.id,
          branch_id: branchId,
          brand_id: options.brandId,
        })),
      )
      .execute();
  }
  return row.id;
}

/** A valid create/edit body: a dp campaign at every branch of the brand, in the month given. */
export function campaignBody(brandId: string, month: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Name the server replaces',
    start_date: `${month}-01`,
    customerType: 'all',
    lastTransaction: 'NULL',
    discountType: 'dp',
    discountPercent: 15,
    successFee: 10,
    budgetType: 'na',
    recurring: false,
    suggestions: '',
    brandId,
    type: 'All',
    ...overrides,
  };
}

/** The fewest rule fields a backtest takes (docs/decisions/0131): dp 10% at every branch. */
export function backtestBody(brandId: string, overrides: Record<string, unknown> = {}) {
  return {
    brandId,
    type: 'All',
    customerType: 'all',
    lastTransaction: 'NULL',
    discountType: 'dp',
    discountPercent: 10,
    successFee: 10,
    budgetType: 'na',
    ...overrides,
  };
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as pause ranges are written. */
export const ddmmyyyy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** A paused range as the API takes it: 'DD/MM/YYYY - DD/MM/YYYY'. */
export const pauseText = (from: string, to: string) => `${ddmmyyyy(from)} - ${ddmmyyyy(to)}`;

/** The branches of a brand with their names, to aim at one by name. */
export async function branchesOf(db: Kysely<DB>, brandId: string) {
  return db
    .selectFrom('branches')
    .select(['id', 'name', 'status'])
    .where('brand_id', '=', brandId)
    .orderBy('name')
    .execute();
}

let branchCounter = 0;

/**
 * A branch written directly; `mid` is its Mastercard merchant ID (a fresh one when not given). The
 * operator side created it unless `createdBy` says a brand user did.
 */
export async function insertBranch(
  db: Kysely<DB>,
  brandId: string,
  status: BranchStatus,
  name?: string,
  mid?: string,
  createdBy: 'operator' | 'brandUser' = 'operator',
) {
  branchCounter += 1;
  const row = await db
    .insertInto('branches')
    .values({
      brand_id: brandId,
      name: name ?? `Fixture branch ${branchCounter}`,
      status,
      postcode: 'N1 9AA',
      mastercard_merchant_id: mid ?? `77${branchCounter}`,
      created_by_brand_user: createdBy === 'brandUser',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every day of the week, as campaigns store `week_days`: a campaign open every day. */
export const everyWeekDay = JSON.stringify([
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
]);

/** A small projection record: 100 new and 50 returning cardholders, so 156 reach for 'all'. */
export function smallProjectionRecord() {
  const curve = [
    { discount: 0, conversion: 0.01 },
    { discount: 50, conversion: 0.05 },
  ];
  return [
    { traffic: 150, conversion_curve: curve, curve: { acquisition: curve, reengagement: curve } },
    {
      addressable_market: 1000,
      base_traffic: 100,
      old_user_traffic: 50,
      avg_transaction_val: 20,
      total_card_holder_count: 5000,
    },
  ];
}

export interface Tenant extends SignedIn {
  email: string;
  userId: string;
  brandId: string;
  brandName: string;
  /** The branches made for it, in the order of `options.branches`. */
  branchIds: string[];
}

/**
 * A brand of its own with a companyAdmin, made through sign-up and then set up as the test asks:
 * its name, branches in the statuses given, terms accepted or not, first login or not, and a
 * projection record (none unless given). The returned session was made after the set-up.
 */
export async function newTenant(
  app: App,
  db: Kysely<DB>,
  options: {
    brandName?: string;
    branches?: BranchStatus[];
    termsAccepted?: boolean;
    firstLogin?: boolean;
    projection?: unknown;
  } = {},
): Promise<Tenant> {
  const { email, password } = await signUpNewAccount(app, 'campaigns');
  const user = await db
    .selectFrom('users')
    .select(['id', 'brand_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const brandId = user.brand_id!;
  const brandName = options.brandName ?? `Tenant ${brandId.slice(0, 8)}`;
  await db.updateTable('brands').set({ name: brandName }).where('id', '=', brandId).execute();
  await db
    .updateTable('users')
    .set({
      is_t_and_c_accepted: options.termsAccepted ?? true,
      is_first_login: options.firstLogin ?? false,
      process_completed: true,
    })
    .where('id', '=', user.id)
    .execute();
  const branchIds: string[] = [];
  for (const status of options.branches ?? ['Active']) {
    branchIds.push(await insertBranch(db, brandId, status));
  }
  if (options.projection !== undefined) {
    await db
      .insertInto('projection_records')
      .values({ brand_id: brandId, record: JSON.stringify(options.projection) })
      .execute();
  }
  const session = await loginAs(app, email, password);
  return { ...session, email, userId: user.id, brandId, brandName, branchIds };
}

/** The fewest promo codes a campaign of the brand takes: 1.2 × its expected reach (domain rules). */
export async function promoCodeMinimumFor(db: Kysely<DB>, brandId: string, campaign: ProjectionInput) {
  const row = await db
    .selectFrom('projection_records')
    .select('record')
    .where('brand_id', '=', brandId)
    .executeTakeFirstOrThrow();
  const projection = project(row.record, campaign);
  if (!projection.valid) throw new Error(`no valid projection for brand ${brandId}`);
  return promoCodeMinimum(projection.figures.expected_reach);
}

/** A promo-code CSV with a header and `count` distinct codes. */
export function promoCsv(count: number, prefix = 'CODE') {
  const lines = ['code'];
  for (let index = 1; index <= count; index += 1) lines.push(`${prefix}${index}`);
  return `${lines.join('\n')}\n`;
}

/** POST /api/campaigns/upload?uploadPath=promocode with a text/csv body. */
export function uploadPromoCodes(app: App, token: string, campaignId: string, csv: string) {
  return call(app, {
    method: 'POST',
    url: `/api/campaigns/upload?uploadPath=promocode&campaign_id=${campaignId}`,
    token,
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
}

/** GET /api/campaigns with the filter given as an object. */
export function listCampaigns(
  app: App,
  token: string,
  campaignType: 'past' | 'current' | 'future',
  filter: Record<string, unknown> = {},
  extra: Record<string, string> = {},
) {
  const query = new URLSearchParams({ campaignType, filter: JSON.stringify(filter), ...extra });
  return call(app, { url: `/api/campaigns?${query.toString()}`, token });
}
