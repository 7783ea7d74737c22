import type { Kysely, Transaction } from 'kysely';
import {
  defaultStoredSettings,
  storedSettingsSchema,
  type StoredSettings,
} from '@krowd/domain/settings/settings.schema';
import type { DB } from '../../db/database.generated.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** The stored settings (table settings: one row a key, its value as JSON). SQL only. */
export function createSettingsRepository(db: Kysely<DB>) {
  async function readWith(executor: Executor): Promise<StoredSettings> {
    const rows = await executor.selectFrom('settings').select(['key', 'value']).execute();
    const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    return storedSettingsSchema.parse({ ...defaultStoredSettings, ...stored });
  }

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

    read: () => readWith(db),

    /**
     * The settings as stored, their rows locked until the transaction ends: two changes at once
     * each read the value the other left, so every audit event's `before` is what was replaced.
     */
    async lockedRead(trx: Transaction<DB>): Promise<StoredSettings> {
      await trx.selectFrom('settings').select('key').forUpdate().execute();
      return readWith(trx);
    },

    /** Stores one setting's value (written whether or not the row existed). */
    async write<Key extends keyof StoredSettings>(
      trx: Transaction<DB>,
      key: Key,
      value: StoredSettings[Key],
      at: Date,
    ) {
      const row = { value: JSON.stringify(value), updated_at: at };
      await trx
        .insertInto('settings')
        .values({ key, ...row })
        .onConflict((oc) => oc.column('key').doUpdateSet(row))
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
