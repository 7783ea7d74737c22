import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { SettingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsService } from './settings.service.ts';

/** The settings routes: read by anyone, changed by the system admin, each change audited (0113). */
export async function registerSettings(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    settings: SettingsRepository;
    audit: AuditRecorder;
    config: Config;
    clock: () => Date;
  },
) {
  const { db, settings, audit, config, clock } = deps;
  await api.register(settingsRoutes, {
    settings,
    service: createSettingsService({ db, settings, audit, clock }),
    config,
  });
}
