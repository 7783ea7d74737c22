import type { QueryClient } from '@tanstack/react-query';
import { canOpen } from '@krowd/domain/access/access.rules';
import { brandFilterKind, defaultDateRange } from '@krowd/domain/dashboard/report.rules';
import { audienceOfUser } from '@/lib/access';
import { sessionQuery } from '@/lib/session';
import { settingsQuery } from '@/lib/settings';
import { dashboardConditionsOf, reportDatesOf } from '../components/report-conditions.ts';
import { readFilters } from '../components/use-report-filters.ts';
import { dashboardQueryOptions } from './get-dashboard.ts';

/**
 * The dashboard opened directly (a reload, a bookmark, the landing after sign-in): its figures are
 * asked for as soon as the session and the timezone are known, while the page's chunks load and
 * render. The page asks with the same key and finds the answer, or the request in
 * flight. A dashboard of one campaign waits for the campaign's month, so the page asks for it.
 */
export async function prefetchDashboard(queryClient: QueryClient, search: string, now = new Date()) {
  const [user, settings] = await Promise.all([
    queryClient.ensureQueryData(sessionQuery),
    queryClient.ensureQueryData(settingsQuery),
  ]).catch(() => [null, null] as const);
  if (!user || !settings) return;
  const audience = audienceOfUser(user);
  if (!canOpen(audience, 'dashboard')) return;
  const filters = readFilters(new URLSearchParams(search));
  const range = defaultDateRange(now, settings.timezone);
  const { dates, errors } = reportDatesOf(filters, range, range.end);
  if (errors.start || errors.end) return;
  await queryClient.prefetchQuery(
    dashboardQueryOptions(dashboardConditionsOf(brandFilterKind(audience), filters, '', dates)),
  );
}
