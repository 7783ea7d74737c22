import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  campaignListQuerySchema,
  campaignMonthFilterIssue,
  campaignMonthFilters,
  pastFilterFirstMonth,
} from './campaign-list.schema.ts';

const m = messages.campaign;
const brandId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** Every message reported, keyed by its dotted path. */
function problems(input: unknown): Record<string, string[]> {
  const result = campaignListQuerySchema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string[]> = {};
  for (const issue of result.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
  return found;
}

describe('campaignListQuerySchema', () => {
  const query = (filter: object | string | undefined, rest: object = {}) => ({
    campaignType: 'future',
    ...(filter === undefined ? {} : { filter: typeof filter === 'string' ? filter : JSON.stringify(filter) }),
    ...rest,
  });

  it('starts at page 1 of 10, newest first, when the filter is missing or empty', () => {
    const expected = { page: 1, limit: 10, direction: 'desc', sortfield: 'created' };
    expect(campaignListQuerySchema.parse(query(undefined)).filter).toEqual(expected);
    expect(campaignListQuerySchema.parse(query('')).filter).toEqual(expected);
  });

  it('reads the filter JSON of the spec', () => {
    const parsed = campaignListQuerySchema.parse(
      query(
        { limit: 25, page: 3, direction: 'asc', sortfield: 'name', globalSearch: 'Green Fork' },
        { brandId, startMonth: '2026-02', endMonth: '2026-05' },
      ),
    );
    expect(parsed).toEqual({
      campaignType: 'future',
      brandId,
      startMonth: '2026-02',
      endMonth: '2026-05',
      filter: { limit: 25, page: 3, direction: 'asc', sortfield: 'name', globalSearch: 'Green Fork' },
    });
  });

  it.each([
    { search: 'abc', kept: undefined, why: '3 characters are not enough' },
    { search: '  abc  ', kept: undefined, why: 'spaces do not count' },
    { search: 'abcd', kept: 'abcd', why: '4 characters search' },
    { search: { value: ' fork ' }, kept: 'fork', why: 'the {value} form of the list query' },
  ])('search $search becomes $kept ($why)', ({ search, kept }) => {
    expect(campaignListQuerySchema.parse(query({ globalSearch: search })).filter.globalSearch).toBe(kept);
  });

  it('reads the criteria the dashboard variant sends', () => {
    const criteria = [{ key: 'name', value: 'Fork', type: 'regexOr' }];
    expect(campaignListQuerySchema.parse(query({ criteria })).filter.criteria).toEqual(criteria);
  });

  it('treats empty brand and month parameters as not given', () => {
    const parsed = campaignListQuerySchema.parse(
      query(undefined, { brandId: '', startMonth: '', endMonth: '' }),
    );
    expect(parsed.brandId).toBeUndefined();
    expect(parsed.startMonth).toBeUndefined();
  });

  it.each([
    { case: 'no campaign type', input: { filter: '{}' } },
    { case: 'campaign type All', input: query(undefined, { campaignType: 'All' }) },
    { case: 'a filter that is not JSON', input: query('{limit:10') },
    { case: 'a filter that is JSON but not an object', input: query('[1,2]') },
    { case: 'a sort field that is not a column', input: query({ sortfield: 'password' }) },
    { case: 'a direction other than asc or desc', input: query({ direction: 'up' }) },
    { case: 'a limit of 101', input: query({ limit: 101 }) },
    { case: 'page 0', input: query({ page: 0 }) },
    { case: 'a search of 101 characters', input: query({ globalSearch: 'x'.repeat(101) }) },
    {
      case: 'a criterion on an unknown key',
      input: query({ criteria: [{ key: 'brand_id', value: 'x', type: 'eq' }] }),
    },
    { case: 'a brand that is not an id', input: query(undefined, { brandId: 'green' }) },
    { case: 'a start month that is not a month', input: query(undefined, { startMonth: '2026-13' }) },
  ])('refuses $case', ({ input }) => {
    expect(campaignListQuerySchema.safeParse(input).success).toBe(false);
  });

  it('refuses a start month after the end month', () => {
    expect(problems(query(undefined, { startMonth: '2026-05', endMonth: '2026-04' }))).toEqual({
      endMonth: [m.searchMonthOrder],
    });
  });
});

describe('campaignListQuerySchema for the dashboard’s campaign selector', () => {
  it('reads campaignType=All with from, the flags and empty ids of the spec’s call', () => {
    const parsed = campaignListQuerySchema.parse({
      campaignType: 'All',
      from: 'dashboard',
      isGroupAdmin: 'true',
      brandId: '',
      brandName: '',
      groupId: '',
      filter: JSON.stringify({ criteria: [{ key: 'name', value: 'Fork', type: 'regexOr' }] }),
    });

    expect(parsed).toMatchObject({ campaignType: 'All', from: 'dashboard', isGroupAdmin: 'true' });
    expect(parsed.brandId).toBeUndefined();
    expect(parsed.groupId).toBeUndefined();
    expect(parsed.filter.criteria).toEqual([{ key: 'name', value: 'Fork', type: 'regexOr' }]);
  });

  it('takes from only with campaignType=All, and needs it there', () => {
    expect(problems({ campaignType: 'All' })).toEqual({
      from: [messages.validation.invalidValue],
    });
    expect(problems({ campaignType: 'past', from: 'clientDashboard' })).toEqual({
      from: [messages.validation.invalidValue],
    });
    expect(problems({ campaignType: 'All', from: 'elsewhere' })).toHaveProperty('from');
  });
});

describe('the month filter of each list (spec 3 §2.1–2.3, §5)', () => {
  // 10 December 2026 in New York: the month after the current one is January 2027.
  const now = new Date('2026-12-10T15:00:00Z');
  const issue = (phase: 'past' | 'current' | 'future', months: { startMonth?: string; endMonth?: string }) =>
    campaignMonthFilterIssue(phase, months, now, 'America/New_York');

  it('shows it on Current, hides it on Past and has none on Future', () => {
    expect(campaignMonthFilters).toEqual({ future: 'none', current: 'shown', past: 'hidden' });
  });

  it('takes any months on Current (their order is the schema’s rule)', () => {
    expect(issue('current', { startMonth: '2020-01', endMonth: '2030-12' })).toBeNull();
  });

  it('takes only months after the current one on Past, naming the first field that breaks it', () => {
    expect(pastFilterFirstMonth(now, 'America/New_York')).toBe('2027-01');
    expect(issue('past', { startMonth: '2027-01', endMonth: '2027-03' })).toBeNull();
    expect(issue('past', { startMonth: '2026-12' })).toEqual({
      field: 'startMonth',
      message: 'Please choose a month from 01/2027 on',
    });
    expect(issue('past', { startMonth: '2027-02', endMonth: '2026-01' })?.field).toBe('endMonth');
  });

  it('takes no month at all on Future', () => {
    expect(issue('future', {})).toBeNull();
    expect(issue('future', { endMonth: '2027-02' })).toEqual({
      field: 'endMonth',
      message: messages.campaign.monthFilterNotOffered,
    });
  });
});
