import type { Transaction } from 'kysely';
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
import type { DB } from '../../db/database.generated.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { ImpressionsRepository } from './impressions.repository.ts';
import { readImpressionsFile } from './impressions.ingest.ts';
import type { OverviewCampaign, OverviewRepository } from './overview.repository.ts';
import { diffRecords } from '@krowd/domain/audit/audit-diff.rules';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { overviewAuditFields } from './overview.audit.ts';

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

/** A line of the transactions file that cannot be stored. */
interface FileError {
  line: number;
  message: string;
}

/**
 * What the docs upload needs of the ingestion module (ingestion/docs-transactions.ts), passed in
 * by app.ts: the transactions file read by publisher, then ingested in the upload's transaction.
 */
export interface DocsTransactions<File extends DocsFileRead> {
  read(bytes: Buffer): Promise<File>;
  ingest(
    trx: Transaction<DB>,
    file: File,
    upload: { fileName: string; userId: string },
  ): Promise<{
    counts: Record<'received' | 'inserted' | 'duplicates' | 'unmatched' | 'rejected', number>;
    errors: FileError[];
  }>;
}

interface DocsFileRead {
  errors: FileError[];
  firstMonth: string | null;
  lastMonth: string | null;
  /** How many publishers have rows to ingest. */
  publishers: number;
}

const monthsBetween = (start: string, end: string) =>
  (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
  Number(end.slice(5, 7)) -
  Number(start.slice(5, 7)) +
  1;

/**
 * The Campaign Overview Manager and Editor (spec 2 §2.12–2.13): the computed overview
 * of each campaign (a snapshot from the reporting store and impressions, made by a job), the
 * docs upload (transactions and impressions in one database transaction), and the edited figures,
 * kept as overrides beside the snapshot.
 */
export function createOverviewService<File extends DocsFileRead>(deps: {
  overview: OverviewRepository;
  impressions: ImpressionsRepository;
  transactionFiles: DocsTransactions<File>;
  jobs: JobQueue;
  clock: () => Date;
  /** Each save of edited figures recorded in its transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { overview, impressions, transactionFiles, jobs, clock } = deps;

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
      const shown = await readImpressionsFile(impressions, chunksOf(upload.impressions.bytes));
      for (const error of shown.errors) errors.push({ file: 'impressions', ...error });
      const file = await transactionFiles.read(upload.transactions.bytes);
      for (const error of file.errors) errors.push({ file: 'transactions', ...error });
      if (file.publishers === 0) throw new DocsRefused(sorted(errors));
      const months = [shown.firstDay, shown.lastDay]
        .flatMap((day) => (day ? [monthOf(day)] : []))
        .concat([file.firstMonth, file.lastMonth].filter((month): month is string => month !== null))
        .sort();
      const firstMonth = months[0];
      const lastMonth = months.at(-1);

      const counts = await overview.transaction(async (trx) => {
        const { fileName } = upload.transactions;
        const ingested = await transactionFiles.ingest(trx, file, { fileName, userId: upload.userId });
        for (const error of ingested.errors) errors.push({ file: 'transactions', ...error });
        if (errors.length > 0) throw new DocsRefused(sorted(errors));
        await impressions.upsert(trx, shown.values);
        return ingested.counts;
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

    /**
     * Saves the editor's figures as a new override (PUT campaignoverview/{id}); the snapshot stays.
     * The audit event, in the same transaction and the campaign's brand's log, compares them with
     * the figures in force before: the last override, else the computed ones.
     */
    async update(caller: AuthContext, campaignId: string, body: OverviewContentInput) {
      const campaign = await campaignInScope(caller.scope, campaignId);
      const parsed = overviewSchemaFor(campaign).safeParse(body);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
        throw badRequest(parsed.error.issues[0]!.message, fieldErrors);
      }
      if (parsed.data.campaign_id && parsed.data.campaign_id !== campaign.id) {
        throw badRequest(m.campaignMismatch, { campaign_id: m.campaignMismatch });
      }
      const inForce = async () =>
        (await overview.latestOverride(campaign.id))?.figures ??
        (await overview.snapshot(campaign.id))?.figures ??
        (await overview.compute(campaign));
      const before = await inForce();
      await overview.transaction(async (trx) => {
        const after = await overview.insertOverride(campaign, parsed.data, caller.account.id, clock(), trx);
        await deps.audit?.record(trx, caller, {
          entityType: 'campaign_overview',
          entityId: campaign.id,
          action: 'updated',
          brandId: campaign.brandId,
          groupId: campaign.groupId,
          changes: diffRecords(overviewAuditFields(before), overviewAuditFields(after)),
        });
      });
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
