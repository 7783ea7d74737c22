import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

const directoryColumns = [
  'merchant_name',
  'kmid',
  'address',
  'postcode',
  'city',
  'email',
  'phone_no',
  'entity_url',
] as const;

/** The branch directory: known venues, searched by name, and new ones created with their kmid. */
export function createBranchDirectoryRepository(db: Kysely<DB>) {
  return {
    /** Up to 20 venues whose name holds the text; names that start with it first. */
    search(text: string) {
      const escaped = text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
      return db
        .selectFrom('branch_directory')
        .select(directoryColumns)
        .where((eb) => eb(eb.fn('lower', ['merchant_name']), 'like', `%${escaped}%`))
        .orderBy((eb) => eb(eb.fn('lower', ['merchant_name']), 'like', `${escaped}%`), 'desc')
        .orderBy('merchant_name')
        .limit(20)
        .execute();
    },

    create(values: Insertable<DB['branch_directory']>) {
      return db
        .insertInto('branch_directory')
        .values(values)
        .returning(directoryColumns)
        .executeTakeFirstOrThrow();
    },
  };
}

export type BranchDirectoryRepository = ReturnType<typeof createBranchDirectoryRepository>;
