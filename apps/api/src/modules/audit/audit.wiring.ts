import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import type { DB } from '../../db/database.generated.ts';
import type { ScopedBrand } from '../../http/brand-scope.ts';
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
  config: { timezone: string };
  clock: () => Date;
}) {
  const { db, brands, config, clock } = deps;
  return createAuditLog({
    repository: createAuditRepository(db),
    brands,
    timeZone: config.timezone,
    clock,
  });
}

/** The log's routes, and the campaign page's version history (read for a campaign in scope). */
export async function registerAudit(
  api: FastifyInstance,
  deps: {
    audit: ReturnType<typeof createAudit>;
    campaigns: { campaignInScope(scope: TenantScope, id: string): Promise<{ id: string }> };
  },
) {
  await api.register(auditRoutes, deps);
}
