import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import type { DB } from '../../db/database.generated.ts';
import type { ScopedBrand } from '../../http/brand-scope.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import { auditDigestEveryMs, auditDigestJob, createAuditDigest } from './audit-digest.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditLog } from './audit.service.ts';

/** The audit log every service records its changes in (docs/decisions/0113), made once in app.ts. */
export function createAudit(deps: {
  db: Kysely<DB>;
  brands: {
    findById(id: string): Promise<ScopedBrand | undefined>;
    groupById(groupId: string): Promise<{ id: string } | undefined>;
    brandsOfGroup(groupId: string): Promise<(ScopedBrand & { name: string })[]>;
  };
  config: { timezone: string; auditSigningKey?: string };
  clock: () => Date;
}) {
  const { db, brands, config, clock } = deps;
  return createAuditLog({
    repository: createAuditRepository(db),
    brands,
    timeZone: config.timezone,
    clock,
    signingKey: config.auditSigningKey,
  });
}

/** The daily digest's schedule (server.ts): one job a day, whichever instance takes it. */
export async function scheduleAuditDigest(jobs: JobQueue) {
  await jobs.recur(auditDigestJob, auditDigestEveryMs);
}

/** The log's routes, and the campaign page's version history (read for a campaign in scope). */
export async function registerAudit(
  api: FastifyInstance,
  deps: {
    audit: ReturnType<typeof createAudit>;
    campaigns: { campaignInScope(scope: TenantScope, id: string): Promise<{ id: string }> };
    db: Kysely<DB>;
    jobs: JobQueue;
    mailer: Pick<Mailer, 'send'>;
    users: { systemAdminEmails(): Promise<string[]> };
    config: { timezone: string; publicUrl: string };
    clock: () => Date;
  },
) {
  await api.register(auditRoutes, deps);
  const digest = createAuditDigest({
    repository: createAuditRepository(deps.db),
    systemAdminEmails: () => deps.users.systemAdminEmails(),
    mailer: deps.mailer,
    timeZone: deps.config.timezone,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock,
  });
  deps.jobs.handle(auditDigestJob, async () => {
    const done = await digest.run();
    if (done.mailed > 0) api.log.info(done, 'audit digest mailed');
  });
}
