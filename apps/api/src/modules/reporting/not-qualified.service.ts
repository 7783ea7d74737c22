import type { TenantScope } from '@krowd/domain/access/access.rules';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import {
  notQualifiedPageSize,
  type NotAppliedFilter,
  type NotQualifiedAnswer,
  type NotQualifiedPage,
  type NotQualifiedRequest,
  type NotQualifiedTransactionsRequest,
} from '@krowd/domain/dashboard/not-qualified.schema';
import { messages } from '@krowd/domain/messages/messages';
import { storedReasonParams, storedReasonText } from '@krowd/domain/qualification/cap-reasons.rules';
import { badRequest } from '../../http/errors.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { DashboardCache } from './dashboard-cache.ts';
import type { DashboardInvoices, DashboardOverview } from './dashboard-parts.ts';
import { decodeNotQualifiedCursor, encodeNotQualifiedCursor } from './not-qualified-cursor.ts';
import type { NotQualifiedRepository } from './not-qualified.repository.ts';
import { resolveDashboardFilter } from './reporting-filter.ts';
import type { ReportingRepository } from './reporting.repository.ts';

/**
 * "Why not qualified" (docs/decisions/0130): the dashboard's conditions resolved within the
 * caller's scope exactly as the dashboard resolves them (reporting-filter.ts), then the
 * not-qualified purchases of that filter by reason, kept like the dashboard's answers
 * (dashboard-cache.ts) under the scope, the request and today's date; and a page of one reason's.
 */

export function createNotQualifiedService(deps: {
  notQualified: NotQualifiedRepository;
  reporting: Pick<ReportingRepository, 'publisherIdOf' | 'brandOf'>;
  brands: BrandsRepository;
  invoices: DashboardInvoices;
  overview: DashboardOverview;
  timeZone: string;
  clock: () => Date;
  cache: DashboardCache<NotQualifiedAnswer>;
}) {
  const { notQualified, reporting, brands, invoices, overview, timeZone, clock, cache } = deps;

  const resolve = (scope: TenantScope, conditions: NotQualifiedRequest['conditions'], now: Date) =>
    resolveDashboardFilter({ brands, reporting, invoices, overview, timeZone, now }, scope, conditions);

  /** The chosen filters a not-qualified transaction has nothing to match (it earned nothing). */
  const notAppliedOf = (conditions: NotQualifiedRequest['conditions']): NotAppliedFilter[] => [
    ...(conditions.customer_type_wrt_account ? (['customerType'] as const) : []),
    ...(conditions.selectedOfferType ? (['offerType'] as const) : []),
  ];

  return {
    counts(scope: TenantScope, request: NotQualifiedRequest): Promise<NotQualifiedAnswer> {
      const now = clock();
      const key = JSON.stringify([localToday(now, timeZone), scope, request]);
      return cache.answer(key, async () => {
        const { range, filter, filterBrands } = await resolve(scope, request.conditions, now);
        const counted = await notQualified.counts(filter);
        const reasons = counted.map((row) => ({
          reason: row.reason,
          params: storedReasonParams(row.params),
          label: storedReasonText(row.reason, row.params),
          count: row.count,
          spendPence: row.spendPence,
        }));
        const answer: NotQualifiedAnswer = {
          start_date: range.start_date,
          end_date: range.end_date,
          reasons,
          total: {
            count: reasons.reduce((sum, row) => sum + row.count, 0),
            spendPence: reasons.reduce((sum, row) => sum + row.spendPence, 0),
          },
          notApplied: notAppliedOf(request.conditions),
        };
        return { answer, brands: filterBrands };
      });
    },

    async transactions(
      scope: TenantScope,
      request: NotQualifiedTransactionsRequest,
    ): Promise<NotQualifiedPage> {
      const { reason } = request;
      if (!reason) {
        throw badRequest(messages.notQualifiedReport.reasonRequired, {
          reason: messages.notQualifiedReport.reasonRequired,
        });
      }
      const after = request.after === undefined ? null : decodeNotQualifiedCursor(request.after);
      if (request.after !== undefined && !after) {
        throw badRequest(messages.notQualifiedReport.pageInvalid, {
          after: messages.notQualifiedReport.pageInvalid,
        });
      }
      const { filter } = await resolve(scope, request.conditions, clock());
      const page = await notQualified.page(
        filter,
        reason,
        request.params ?? null,
        after,
        notQualifiedPageSize,
      );
      return {
        rows: page.rows.map((row) => ({
          id: row.id,
          date: row.date,
          amountPence: row.amountPence,
          branch: row.branch,
          cardLast4: row.cardLast4,
          reason: row.reason,
          label: storedReasonText(row.reason, row.params),
        })),
        total: page.total,
        next: page.next ? encodeNotQualifiedCursor(page.next) : null,
      };
    },
  };
}

export type NotQualifiedService = ReturnType<typeof createNotQualifiedService>;
