import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import {
  exportLinkDays,
  maxPendingExports,
  type DashboardExportRequest,
  type DashboardExportState,
} from '@krowd/domain/dashboard/export.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { badRequest, forbidden, gone, notFound, tooManyRequests } from '../../http/errors.ts';
import { can } from '@krowd/domain/access/access.rules';
import type { JobQueue } from '../../plugins/jobs.ts';
import { hashToken, newToken } from '../../crypto/tokens.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { csvHeader, csvLine } from './export.csv.ts';
import { exportReadyMail } from './export.mail.ts';
import type { ExportCursor, ExportRepository } from './export.repository.ts';
import { resolveDashboardFilter } from './reporting-filter.ts';
import type { DashboardInvoices, DashboardOverview } from './dashboard-parts.ts';
import type { ReportingRepository } from './reporting.repository.ts';

/**
 * The dashboard's export (spec 3 §2.4, §7 POST /export).
 *
 * Asking: the dashboard's conditions are resolved within the caller's scope exactly as the
 * dashboard resolves them (reporting-filter.ts: a chosen invoice's brand and month, a single
 * campaign's month, the date rule, the brands in scope); the export row, holding that filter,
 * and its job are written in one transaction. The file only ever goes to the caller's own
 * address: an `email` naming another address is refused (400), not silently replaced.
 *
 * The job: reads the matching qualified purchases and refunds brand by brand (by brand name), each
 * in local time order, a page at a time (and, when asked, each brand's not-qualified transactions
 * after them with their reasons, docs/decisions/0130), and writes the CSV in parts of about 512 KiB, so memory
 * stays flat whatever the number of rows. Then, in one transaction, the export becomes ready with
 * the hash of a new random link token, and a purge job is queued for its expiry; then the mail
 * with the link goes to its owner. A rerun (a retry after a crash) starts the file again.
 *
 * Downloading: the link carries the export id and its token, and the request must also carry the
 * session of the same user (the browser's httpOnly cookie goes with a click on the mailed link:
 * SameSite=Lax allows a top-level navigation). Another user, a wrong token or an unknown id all
 * answer 404, so nothing is revealed; an expired link answers 410.
 */

export const exportJob = 'dashboard.export';
export const exportPurgeJob = 'dashboard.exportPurge';

const pageSize = 2_000;
const partBytes = 512 * 1024;
const day = 86_400_000;

const jobPayloadSchema = z.object({ exportId: z.uuid() });

/** The mailed link's path for an export. */
export function exportDownloadPath(exportId: string, token: string): string {
  return `/api/dashboard/exports/${exportId}/download?token=${encodeURIComponent(token)}`;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface ExportDownload {
  fileName: string;
  byteSize: number;
  /** The file's bytes, a part at a time. */
  content: AsyncGenerator<Uint8Array>;
}

export function createExportService(deps: {
  db: Kysely<DB>;
  exports: ExportRepository;
  brands: BrandsRepository;
  reporting: Pick<ReportingRepository, 'publisherIdOf' | 'brandOf'>;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  timeZone: string;
  clock: () => Date;
  /** The dashboard's own readers of a chosen invoice and a campaign's month, for the same filter. */
  invoices: DashboardInvoices;
  overview: DashboardOverview;
}) {
  const { db, exports, jobs, mailer, timeZone, clock, invoices, overview } = deps;

  /** Writes the export's CSV in parts; answers its row count and byte size. */
  async function writeFile(
    exportId: string,
    filter: Parameters<ExportRepository['page']>[1],
    withReasons: boolean,
  ) {
    await exports.clearParts(exportId);
    const encoder = new TextEncoder();
    let part = 0;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let byteSize = 0;
    let rowCount = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      await exports.addPart(exportId, part, Buffer.concat(pending, pendingBytes));
      part += 1;
      pending = [];
      pendingBytes = 0;
    };
    const write = async (text: string) => {
      const bytes = encoder.encode(text);
      pending.push(bytes);
      pendingBytes += bytes.byteLength;
      byteSize += bytes.byteLength;
      if (pendingBytes >= partBytes) await flush();
    };

    await write(csvHeader(withReasons));
    // Every row's reward status is as of the day the file is made (docs/decisions/0117).
    const today = localToday(clock(), timeZone);
    for (const brand of await exports.brandsOf(filter.brandIds)) {
      let cursor: ExportCursor | null = null;
      do {
        const page = await exports.page(brand, filter, cursor, pageSize, today);
        if (page.rows.length > 0) await write(page.rows.map((row) => csvLine(row, withReasons)).join(''));
        rowCount += page.rows.length;
        cursor = page.next;
      } while (cursor);
      // The brand's not-qualified transactions after its qualified ones (docs/decisions/0130).
      if (!withReasons) continue;
      do {
        const page = await exports.notQualifiedPage(brand, filter, cursor, pageSize);
        if (page.rows.length > 0) await write(page.rows.map((row) => csvLine(row, true)).join(''));
        rowCount += page.rows.length;
        cursor = page.next;
      } while (cursor);
    }
    await flush();
    return { rowCount, byteSize };
  }

  return {
    /** Queues an export of the dashboard's transactions for the caller (POST /api/dashboard/export). */
    async request(caller: AuthContext, body: DashboardExportRequest): Promise<string> {
      const { account } = caller;
      const includeNotQualified = body.include_not_qualified === true;
      // The reasons are for those who may see them on the dashboard (docs/decisions/0130).
      if (includeNotQualified && !can(caller.audience, 'dashboard.reasons')) throw forbidden();
      if (body.email && body.email !== account.email.toLowerCase()) {
        throw badRequest(messages.dashboardExport.emailNotOwn, {
          email: messages.dashboardExport.emailNotOwn,
        });
      }
      const now = clock();
      const { filter } = await resolveDashboardFilter(
        { brands: deps.brands, reporting: deps.reporting, invoices, overview, timeZone, now },
        caller.scope,
        body.conditions,
      );
      return db.transaction().execute(async (trx) => {
        // The user's row is locked so two requests at once cannot both pass the limit.
        await exports.lockRequester(trx, account.id);
        if ((await exports.pendingCount(trx, account.id)) >= maxPendingExports) {
          throw tooManyRequests(messages.dashboardExport.tooManyPending(maxPendingExports));
        }
        const exportId = await exports.create(trx, {
          userId: account.id,
          filter,
          expiresAt: new Date(now.getTime() + exportLinkDays * day),
          includeNotQualified,
        });
        await jobs.enqueue(exportJob, { exportId }, { trx });
        return exportId;
      });
    },

    /** The job: writes the file, makes it ready with a new link token, and mails the link. */
    async run(payload: unknown): Promise<void> {
      const { exportId } = jobPayloadSchema.parse(payload);
      await exports.purgeExpired(clock());
      const record = await exports.find(exportId);
      if (!record || record.status !== 'queued') return;
      const { rowCount, byteSize } = await writeFile(exportId, record.filter, record.includeNotQualified);
      const { token, hash } = newToken();
      const completedAt = clock();
      const expiresAt = new Date(completedAt.getTime() + exportLinkDays * day);
      await db.transaction().execute(async (trx) => {
        await exports.markReady(trx, exportId, {
          rowCount,
          byteSize,
          tokenHash: hash,
          completedAt,
          expiresAt,
        });
        await jobs.enqueue(
          exportPurgeJob,
          {},
          { runAt: expiresAt, dedupeKey: `${exportPurgeJob}:${exportId}`, trx },
        );
      });
      const owner = await exports.ownerOf(exportId);
      if (!owner) return;
      await mailer.send({
        to: owner.email,
        brandId: owner.brand_id,
        ...exportReadyMail(owner.first_name, `${deps.publicUrl}${exportDownloadPath(exportId, token)}`, {
          rowCount,
          startDate: record.filter.startDate,
          endDate: record.filter.endDate,
          timeZone,
          email: owner.email,
        }),
      });
      await exports.markMailed(exportId, clock());
    },

    /**
     * An export's state for the user who asked for it (GET /api/dashboard/exports/:id): preparing
     * while the job writes the file, then ready, then mailed once the link has gone; 404 for anyone
     * else's or an unknown id.
     */
    async state(caller: AuthContext, exportId: string): Promise<DashboardExportState> {
      const row = await exports.stateOf(exportId, caller.account.id);
      if (!row) throw notFound();
      const rowCount = row.row_count === null ? null : Number(row.row_count);
      if (row.status === 'queued') return { state: 'preparing', rowCount: null };
      return { state: row.mailed_at ? 'mailed' : 'ready', rowCount };
    },

    /** The purge job: deletes the files of expired exports. */
    async purge(): Promise<number> {
      return exports.purgeExpired(clock());
    },

    /** The file behind a mailed link, for its owner only (GET /api/dashboard/exports/:id/download). */
    async download(caller: AuthContext, exportId: string, token: string): Promise<ExportDownload> {
      const record = await exports.find(exportId);
      if (
        !record ||
        record.userId !== caller.account.id ||
        record.status !== 'ready' ||
        !record.tokenHash ||
        !record.completedAt ||
        !sameHash(hashToken(token), record.tokenHash)
      ) {
        throw notFound();
      }
      if (record.expiresAt.getTime() <= clock().getTime()) throw gone(messages.dashboardExport.linkExpired);
      const parts = await exports.partCount(exportId);
      async function* content() {
        for (let part = 0; part < parts; part += 1) {
          const bytes = await exports.readPart(exportId, part);
          if (!bytes) throw new Error(`export ${exportId} lost part ${part}`);
          yield bytes;
        }
      }
      return {
        fileName: `transactions-${localToday(record.completedAt, timeZone)}.csv`,
        byteSize: record.byteSize ?? 0,
        content: content(),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
