import type { Kysely } from 'kysely';
import { diffRecords } from '@krowd/domain/audit/audit-diff.rules';
import type { SettingsUpdate, StoredSettings } from '@krowd/domain/settings/settings.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { SettingsRepository } from './settings.repository.ts';

/**
 * Changing the stored settings (Settings → Product settings, the system admin). Every setting that
 * changes is written and recorded in the audit log in one transaction (docs/decisions/0113): entity
 * `setting`, its key as the id, `value` before and after, in no brand's log (every brand's setting,
 * so the system admin's). A value sent as it already is changes nothing and records nothing.
 */
export function createSettingsService(deps: {
  db: Kysely<DB>;
  settings: SettingsRepository;
  audit: AuditRecorder;
  clock: () => Date;
}) {
  const { db, settings, audit, clock } = deps;
  return {
    /** The settings after the change, and whether anything changed. */
    async update(caller: AuthContext, input: SettingsUpdate): Promise<{ changed: boolean }> {
      return db.transaction().execute(async (trx) => {
        const before = await settings.lockedRead(trx);
        let changed = false;
        for (const key of Object.keys(input) as (keyof SettingsUpdate)[]) {
          const after = input[key];
          if (after === undefined) continue;
          const changes = diffRecords({ value: before[key] }, { value: after });
          if (Object.keys(changes).length === 0) continue;
          await settings.write(trx, key, after as StoredSettings[typeof key], clock());
          await audit.record(trx, caller, {
            entityType: 'setting',
            entityId: key,
            action: 'updated',
            brandId: null,
            changes,
          });
          changed = true;
        }
        return { changed };
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
