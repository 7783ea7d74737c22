import { isBankUser, isGroupRole, picksAnyBrand, type Audience } from '../access/access.rules';
import { daysBetween, lastDateOfMonth } from '../calendar/calendar.rules';
import { localToday, monthOf, monthWindowOf, type IsoDate } from '../campaign/campaign-dates.rules';
import { monthNames } from '../campaign/campaign.rules';
import { dashboardDateRange, type DateRange } from './dashboard.schema';

/**
 * Rules of the dashboard, campaign overview and print report screens (spec 3 §2.4–2.6, §4, §6, §9).
 * Every rule that depends on today takes `now` and the timezone setting.
 */

/** 'June 2025' for month 6 of 2025 (the 'Transaction Details - {Month Year}' title, the date card). */
export function monthYearLabel(month: number, year: number): string {
  return `${monthNames[month - 1] ?? ''} ${year}`;
}

/** The month and year of a date 'YYYY-MM-DD' or month 'YYYY-MM'. */
export function monthAndYearOf(dateOrMonth: string): { month: number; year: number } {
  const [year, month] = monthOf(dateOrMonth).split('-').map(Number) as [number, number];
  return { month, year };
}

/** Spec 3 §9: a label is singular for 1 or fewer, otherwise plural ('1 Day', '0 Day', '2 Days'). */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count <= 1 ? singular : plural}`;
}

/**
 * The invoice button of a selected campaign (spec 3 §2.4): 'Download Invoice' when the campaign
 * opened before the first of the current month (its month has ended, so an invoice can exist),
 * otherwise 'View Transaction' (the month's transactions so far).
 */
export function invoiceAction(openingTime: string, now: Date, timeZone: string): 'download' | 'view' {
  const firstOfThisMonth = monthWindowOf(localToday(now, timeZone), timeZone).openingTime;
  return Date.parse(openingTime) < Date.parse(firstOfThisMonth) ? 'download' : 'view';
}

/** What the date card shows (spec 3 §2.5). */
export type DateCard =
  | { kind: 'daysLeft'; days: number }
  | { kind: 'daysToStart'; days: number }
  | { kind: 'month'; month: number; year: number }
  | { kind: 'campaigns'; count: number };

/**
 * The date card (spec 3 §2.5, §2.6): for one campaign, the days left while it runs (today
 * included, so its last day shows 1), the days until it starts while it is in the future, and its
 * month and year once past; for several campaigns, how many there are.
 */
export function dateCardOf(
  campaign: { start_date: IsoDate } | null | undefined,
  campaignCount: number,
  now: Date,
  timeZone: string,
): DateCard {
  if (!campaign) return { kind: 'campaigns', count: campaignCount };
  const today = localToday(now, timeZone);
  const first = `${monthOf(campaign.start_date)}-01`;
  const last = lastDateOfMonth(first);
  if (today < first) return { kind: 'daysToStart', days: daysBetween(today, first) };
  if (today <= last) return { kind: 'daysLeft', days: daysBetween(today, last) + 1 };
  return { kind: 'month', ...monthAndYearOf(first) };
}

/**
 * The date range a single campaign's report asks for: its month, its end cut at today; null for
 * a campaign that has not started (it has no figures yet).
 */
export function campaignReportRange(
  startDate: IsoDate,
  now: Date,
  timeZone: string,
): { start: IsoDate; end: IsoDate } | null {
  const today = localToday(now, timeZone);
  const first = `${monthOf(startDate)}-01`;
  if (first > today) return null;
  const last = lastDateOfMonth(first);
  return { start: first, end: last > today ? today : last };
}

/** Whose dashboard filters someone gets (spec 3 §2.4, §4, §6). */
export type BrandFilterKind = 'groupsAndBrands' | 'groupBrands' | 'ownBrand';

/**
 * Client admins pick any group and brand. Banks see their linked brands (read only) and have no
 * brand of their own, so they pick like client admins among those (the lists come from the server). Group roles pick a brand of their group or 'All';
 * everyone else sees their own brand.
 */
export function brandFilterKind(audience: Audience): BrandFilterKind {
  if (picksAnyBrand(audience) || isBankUser(audience)) return 'groupsAndBrands';
  if (isGroupRole(audience)) return 'groupBrands';
  return 'ownBrand';
}

/** What decides which filters show. */
export interface FilterVisibilityInput {
  audience: Audience;
  /** The chosen group and brand ('' or undefined: none, 'All'). */
  groupId?: string;
  brandId?: string;
  /** The chosen publisher code ('' or undefined: All). */
  dataSource?: string;
  /** From the last answer: whether figures exist, both customer types, the offer types. */
  hasData: boolean;
  isTwoCustomer: boolean;
  offerTypes: readonly string[];
  invoiceCount: number;
}

export interface FilterVisibility {
  group: boolean;
  brand: boolean;
  branch: boolean;
  dateRange: true;
  publisher: boolean;
  customerType: boolean;
  offerType: boolean;
  campaign: true;
  invoice: boolean;
}

const chosen = (value: string | undefined) => Boolean(value) && value!.toLowerCase() !== 'all';

/** Which filters show (spec 3 §2.4): each rule as the spec gives it. */
export function filterVisibility(input: FilterVisibilityInput): FilterVisibility {
  const kind = brandFilterKind(input.audience);
  const brandChosen = kind === 'ownBrand' || chosen(input.brandId);
  return {
    group: kind === 'groupsAndBrands',
    brand: kind !== 'ownBrand',
    branch: brandChosen,
    dateRange: true,
    // The publisher filter shows while there are figures to split, and stays while one is chosen.
    publisher: input.hasData || chosen(input.dataSource),
    customerType:
      input.isTwoCustomer &&
      (brandChosen || chosen(input.groupId)) &&
      input.dataSource?.toUpperCase() === 'ATR',
    offerType: input.offerTypes.length > 0,
    campaign: true,
    invoice: input.invoiceCount > 0,
  };
}

/** The Date Range pickers (spec 3 §5): no future dates; the end not before the start. */
export function dateRangeBounds(
  start: IsoDate | undefined,
  now: Date,
  timeZone: string,
): { startMax: IsoDate; endMin: IsoDate | undefined; endMax: IsoDate } {
  const today = localToday(now, timeZone);
  return { startMax: today, endMin: start || undefined, endMax: today };
}

/** The default Date Range: the last 30 days ending today (spec 3 §4, §9). */
export function defaultDateRange(now: Date, timeZone: string): { start: IsoDate; end: IsoDate } {
  const range = dashboardDateRange(undefined, now, timeZone) as DateRange;
  return { start: range.start_date, end: range.end_date };
}

/** The date filter sent to the server: both dates or none (spec 3 §4). */
export function dateCondition(
  start: string | undefined,
  end: string | undefined,
): [string, string] | undefined {
  return start && end ? [start, end] : undefined;
}
