import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { WebhookEventInput } from '../webhooks/webhook-events.repository.ts';
import type { ScopedBrand } from '../../http/brand-scope.ts';
import { createClaimsRepository } from './claims.repository.ts';
import { claimsRoutes, publisherClaimsRoutes } from './claims.routes.ts';
import { createClaimsService } from './claims.service.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

/** The job an upload queues in its own transaction: its open claims matched against it (decision 0108). */
export const matchUploadJob = 'claims.matchUpload';
const matchUploadPayloadSchema = z.object({ ingestionLogId: z.uuid() });

/**
 * Missing-transaction claims (docs/decisions/0108): the web app's and the publishers' routes, and
 * the job that matches open claims against each upload. `transactionsUploaded` is what app.ts
 * hands the ingestion beside the webhooks' hook: one job row in the upload's transaction.
 */
export async function registerClaims(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    jobs: JobQueue;
    brands: {
      findById(id: string): Promise<ScopedBrand | undefined>;
      brandsOfGroup(groupId: string): Promise<(ScopedBrand & { name: string })[]>;
    };
    events: { emitEvent(trx: Transaction<DB>, event: WebhookEventInput): Promise<string> };
    config: { timezone: string };
    clock: () => Date;
    audit?: AuditRecorder;
  },
) {
  const { db, jobs, brands, events, clock, audit } = deps;
  const repository = createClaimsRepository(db);
  const timeZone = deps.config.timezone;
  const service = createClaimsService({ db, repository, brands, events, timeZone, clock, audit });
  type UploadHook = { transactionsUploaded(trx: Transaction<DB>, ingestionLogId: string): Promise<void> };
  const transactionsUploaded = async (trx: Transaction<DB>, ingestionLogId: string) => {
    await jobs.enqueue(matchUploadJob, { ingestionLogId }, { trx });
  };
  jobs.handle(matchUploadJob, async (payload) => {
    await service.matchUpload(matchUploadPayloadSchema.parse(payload).ingestionLogId);
  });
  await api.register(claimsRoutes, { claims: service });
  await api.register(publisherClaimsRoutes, { claims: service });
  return {
    service,
    transactionsUploaded,
    /** The upload hook of the ingestion: another's (the webhooks') job, then the claims' one. */
    alongside(other: UploadHook): UploadHook {
      return {
        async transactionsUploaded(trx, ingestionLogId) {
          await other.transactionsUploaded(trx, ingestionLogId);
          await transactionsUploaded(trx, ingestionLogId);
        },
      };
    },
  };
}
