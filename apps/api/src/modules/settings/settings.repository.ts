import type { Kysely } from 'kysely';
import {
  defaultStoredSettings,
  storedSettingsSchema,
  type StoredSettings,
} from '@krowd/domain/settings/settings.schema';
import type { DB } from '../../db/database.generated.ts';

export function createSettingsRepository(db: Kysely<DB>) {
  return {
    /** Writes any missing setting with its default; existing values are kept. */
    async ensureDefaults() {
      await db
        .insertInto('settings')
        .values(
          Object.entries(defaultStoredSettings).map(([key, value]) => ({
            key,
            value: JSON.stringify(value),
          })),
        )
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },

    async read(): Promise<StoredSettings> {
      const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
      const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
      return storedSettingsSchema.parse({ ...defaultStoredSettings, ...stored });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
