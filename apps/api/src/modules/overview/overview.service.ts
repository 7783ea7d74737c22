import type { Kysely } from 'kysely';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import { monthOf } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import {
  maxTriggerMonths,
  overviewSchemaFor,
  type OverviewContentInput,
  type OverviewFigures,
  type OverviewTrigger,
} from '@krowd/domain/overview/overview.schema';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { ImpressionsRepository } from './impressions.repository.ts';
import { readImpressionsFile } from './impressions.ingest.ts';
import {
  IngestRefused,
  type IngestItem,
  type TransactionIngestion,
} from '../ingestion/ingestion.transactions.ts';
import { csvItems, FileUnreadable } from '../ingestion/transactions.routes.ts';
import type { OverviewCampaign, OverviewRepository } from './overview.repository.ts';

const m = messages.overview;

/** The job that computes the overview snapshots of the campaigns of a month range. */
export const computeOverviewJob = 'overview.compute';

/** A refused docs upload: nothing was stored; each error names its file and line. */
export class DocsRefused extends Error {
  constructor(readonly errors: { file: 'transactions' | 'impressions'; line: number; message: string }[]) {
    super(m.filesInvalid);
    this.name = 'DocsRefused';
  }
}

export interface DocsUpload {
  transactions: { fileName: string; bytes: Buffer };
  impressions: { fileName: string; bytes: Buffer };
  range?: OverviewTrigger;
  userId: string;
}

async function* chunksOf(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function* itemsOf(items: IngestItem[]): AsyncGenerator<IngestItem[]> {
  yield items;
}

const monthsBetween = (start: string, end: string) =>
  (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
  Number(end.slice(5, 7)) -
  Number(start.slice(5, 7)) +
  1;

/**
 * The Campaign Overview Manager and Editor (spec 2 §2.12–2.13, issue 5 §5): the computed overview
 * of each campaign (a snapshot from the reporting store and impressions, made by a job), the
 * docs upload (transactions and impressions in one database transaction), and the edited figures,
 * kept as overrides beside the snapshot.
 */
export function createOverviewService(deps: {
  db: Kysely<DB>;
  overview: OverviewRepository;
  impressions: ImpressionsRepository;
  ingestion: TransactionIngestion;
  jobs: JobQueue;
  clock: () => Date;
}) {
  const { db, overview, impressions, ingestion, jobs, clock } = deps;

  async function campaignInScope(scope: TenantScope, campaignId: string): Promise<OverviewCampaign> {
    const campaign = await overview.campaign(campaignId);
    if (!campaign || !scopeCoversBrand(scope, { id: campaign.brandId, group_id: campaign.groupId })) {
      throw notFound();
    }
    return campaign;
  }

  return {
    /** Queues the computation of every campaign of the months (spec 2 §2.12 trigger create). */
    async trigger(range: OverviewTrigger) {
      await jobs.enqueue(computeOverviewJob, range);
    },

    /** The job: each campaign of the months gets a fresh snapshot. Answers how many. */
    async computeMonths(range: OverviewTrigger): Promise<number> {
      const ids = await overview.campaignIdsInMonths(range.start_date, range.end_date);
      for (const id of ids) {
        const campaign = await overview.campaign(id);
        if (!campaign) continue;
        await overview.saveSnapshot(campaign, await overview.compute(campaign), clock());
      }
      return ids.length;
    },

    /**
     * The docs upload: the transactions file through the ingestion of every publisher its rows
     * name (the same checks, engine and reporting store as a publisher's own upload) and the
     * impressions file into the store, all in one database transaction: a bad row in either file
     * stores nothing from both. Then the overview of the months concerned is recomputed (a job).
     */
    async uploadDocs(upload: DocsUpload) {
      const errors: DocsRefused['errors'] = [];
      const shown = await readImpressionsFile(db, chunksOf(upload.impressions.bytes));
      for (const error of shown.errors) errors.push({ file: 'impressions', ...error });

      const byPublisher = new Map<string, IngestItem[]>();
      let firstMonth: string | null = shown.firstDay ? monthOf(shown.firstDay) : null;
      let lastMonth: string | null = shown.lastDay ? monthOf(shown.lastDay) : null;
      try {
        for await (const piece of csvItems(chunksOf(upload.transactions.bytes))) {
          for (const item of piece) {
            if ('error' in item) {
              errors.push({ file: 'transactions', line: item.line, message: item.error });
              continue;
            }
            const code =
              typeof item.fields.publisher === 'string' ? item.fields.publisher.trim().toLowerCase() : '';
            const list = byPublisher.get(code) ?? [];
            list.push(item);
            byPublisher.set(code, list);
            const datetime = item.fields.datetime;
            if (typeof datetime === 'string' && /^\d{4}-\d{2}/.test(datetime)) {
              const month = datetime.slice(0, 7);
              if (!firstMonth || month < firstMonth) firstMonth = month;
              if (!lastMonth || month > lastMonth) lastMonth = month;
            }
          }
        }
      } catch (error) {
        if (!(error instanceof FileUnreadable)) throw error;
        errors.push({ file: 'transactions', line: error.line ?? 1, message: error.message });
      }
      if (byPublisher.size === 0 && !errors.some((error) => error.file === 'transactions')) {
        errors.push({ file: 'transactions', line: 1, message: m.fileEmpty });
      }
      const publishers = new Map(
        (await db.selectFrom('publishers').select(['id', 'code']).execute()).map((p) => [
          p.code.toLowerCase(),
          p,
        ]),
      );
      for (const [code, items] of byPublisher) {
        if (publishers.has(code)) continue;
        for (const item of items) {
          errors.push({
            file: 'transactions',
            line: item.line,
            message: code ? m.impressionsPublisherUnknown(code) : messages.ingestion.publisherRequired,
          });
        }
        byPublisher.delete(code);
      }
      if (byPublisher.size === 0) throw new DocsRefused(sorted(errors));

      const counts = { received: 0, inserted: 0, duplicates: 0, unmatched: 0, rejected: 0 };
      await overview.transaction(async (trx) => {
        for (const [code, items] of byPublisher) {
          const publisher = publishers.get(code)!;
          try {
            const result = await ingestion.ingest(publisher, () => itemsOf(items), {
              partial: false,
              channel: 'console',
              upload: { fileName: upload.transactions.fileName, userId: upload.userId },
              trx,
            });
            counts.received += result.received;
            counts.inserted += result.inserted;
            counts.duplicates += result.duplicates;
            counts.unmatched += result.unmatched;
          } catch (error) {
            if (!(error instanceof IngestRefused)) throw error;
            for (const refused of error.result.errors) errors.push({ file: 'transactions', ...refused });
          }
        }
        if (errors.length > 0) throw new DocsRefused(sorted(errors));
        await impressions.upsert(trx, shown.values);
      });

      const range =
        upload.range ??
        (firstMonth && lastMonth && monthsBetween(firstMonth, lastMonth) <= maxTriggerMonths
          ? { start_date: firstMonth, end_date: lastMonth }
          : undefined);
      if (range) await jobs.enqueue(computeOverviewJob, range);
      return { transactions: counts, impressions: { stored: shown.values.length } };
    },

    /** The editor's and preview's read (GET campaignoverview/raw): in force, computed, and whether edited. */
    async raw(scope: TenantScope, campaignId: string) {
      const campaign = await campaignInScope(scope, campaignId);
      const [snapshot, override] = await Promise.all([
        overview.snapshot(campaign.id),
        overview.latestOverride(campaign.id),
      ]);
      const computed: OverviewFigures = snapshot?.figures ?? (await overview.compute(campaign));
      const inForce = override?.figures ?? computed;
      return {
        campaign: {
          id: campaign.id,
          name: campaign.name,
          startDate: campaign.startDate,
          endDate: campaign.endDate,
        },
        overview: { ...inForce, campaign_id: campaign.id },
        computed,
        computedAt: snapshot ? snapshot.computedAt.toISOString() : null,
        overridden: override !== undefined,
        ...(override
          ? { overriddenAt: override.createdAt.toISOString(), overriddenBy: override.createdBy }
          : {}),
      };
    },

    /** Saves the editor's figures as a new override (PUT campaignoverview/{id}); the snapshot stays. */
    async update(scope: TenantScope, campaignId: string, userId: string, body: OverviewContentInput) {
      const campaign = await campaignInScope(scope, campaignId);
      const parsed = overviewSchemaFor(campaign).safeParse(body);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
        throw badRequest(parsed.error.issues[0]!.message, fieldErrors);
      }
      if (parsed.data.campaign_id && parsed.data.campaign_id !== campaign.id) {
        throw badRequest(m.campaignMismatch, { campaign_id: m.campaignMismatch });
      }
      await overview.insertOverride(campaign, parsed.data, userId, clock());
    },

    /** The manager's list: campaigns of the months with their overview status. */
    async list(range: OverviewTrigger) {
      const rows = await overview.list(range.start_date, range.end_date);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        brandName: row.brand_name,
        month: monthOf(row.start_date),
        computedAt: row.computed_at ? row.computed_at.toISOString() : null,
        editedAt: row.edited_at ? new Date(row.edited_at as unknown as string).toISOString() : null,
      }));
    },
  };
}

function sorted<T extends { line: number; file: string }>(errors: T[]): T[] {
  return [...errors].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export type OverviewService = ReturnType<typeof createOverviewService>;
