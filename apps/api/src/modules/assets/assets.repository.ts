import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** Whose Media Library: a brand's or a bank's. */
export type LibraryOwner = { brandId: string } | { bankId: string };

/** Every column but the bytes: lists and checks never load a file. */
const metaColumns = [
  'id',
  'kind',
  'file_name',
  'brand_id',
  'bank_id',
  'user_id',
  'content_type',
  'byte_size',
  'width',
  'height',
  'deleted_at',
  'created_at',
] as const;

export type AssetMeta = Awaited<ReturnType<AssetsRepository['findMeta']>> & {};

/** Assets (images stored as bytea) and brand copy texts. SQL only. */
export function createAssetsRepository(db: Kysely<DB>) {
  const ownedBy = (owner: LibraryOwner) =>
    'brandId' in owner
      ? (['brand_id', '=', owner.brandId] as const)
      : (['bank_id', '=', owner.bankId] as const);

  return {
    insert(values: Insertable<DB['assets']>, executor: Executor = db) {
      return executor.insertInto('assets').values(values).returning(metaColumns).executeTakeFirstOrThrow();
    },

    findMeta(id: string, executor: Executor = db) {
      return executor.selectFrom('assets').select(metaColumns).where('id', '=', id).executeTakeFirst();
    },

    /** The file to serve, with what deciding who may read it needs. */
    findFile(id: string) {
      return db
        .selectFrom('assets as a')
        .leftJoin('brands as b', 'b.id', 'a.brand_id')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .select([
          'a.id',
          'a.kind',
          'a.file_name',
          'a.brand_id',
          'a.bank_id',
          'a.user_id',
          'a.content_type',
          'a.byte_size',
          'a.bytes',
          'a.created_at',
          'b.group_id as brand_group_id',
          'u.brand_id as user_brand_id',
          'u.bank_id as user_bank_id',
          sql<
            string | null
          >`coalesce(u.group_id, (SELECT g.group_id FROM brands g WHERE g.id = u.brand_id))`.as(
            'user_group_id',
          ),
        ])
        .where('a.id', '=', id)
        .executeTakeFirst();
    },

    /** One page of a Media Library, newest first, with the total from the same query. */
    async library(owner: LibraryOwner, page: number, limit: number) {
      const [column, operator, value] = ownedBy(owner);
      const rows = await db
        .selectFrom('assets')
        .select([...metaColumns, sql<number>`count(*) OVER ()`.as('total')])
        .where('kind', '=', 'creative')
        .where('deleted_at', 'is', null)
        .where(column, operator, value)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return { rows, total: rows[0]?.total ?? (page > 1 ? await this.libraryCount(owner) : 0) };
    },

    async libraryCount(owner: LibraryOwner) {
      const [column, operator, value] = ownedBy(owner);
      const row = await db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'creative')
        .where('deleted_at', 'is', null)
        .where(column, operator, value)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /** Marks a library image deleted; false when it was not a live image of that owner. */
    async softDeleteCreative(id: string, owner: LibraryOwner, now: Date) {
      const [column, operator, value] = ownedBy(owner);
      const result = await db
        .updateTable('assets')
        .set({ deleted_at: now })
        .where('id', '=', id)
        .where('kind', '=', 'creative')
        .where('deleted_at', 'is', null)
        .where(column, operator, value)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Removes a user's earlier profile photos (the new one is kept). */
    deleteOtherAvatars(userId: string, keepId: string, executor: Executor) {
      return executor
        .deleteFrom('assets')
        .where('kind', '=', 'avatar')
        .where('user_id', '=', userId)
        .where('id', '<>', keepId)
        .execute();
    },

    setUserPhoto(userId: string, photo: string, executor: Executor) {
      return executor.updateTable('users').set({ photo }).where('id', '=', userId).execute();
    },

    /** Of these asset ids, those that are images of the brand (library or campaign uploads). */
    async idsOwnedByBrand(ids: string[], brandId: string) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('assets')
        .select('id')
        .where('id', 'in', ids)
        .where('brand_id', '=', brandId)
        .where('kind', 'in', ['creative', 'campaign'])
        .execute();
      return rows.map((row) => row.id);
    },

    copyTexts(brandId: string) {
      return db
        .selectFrom('brand_copy_texts')
        .select(['brand_id', 'copy', 'additional_copy'])
        .where('brand_id', '=', brandId)
        .executeTakeFirst();
    },

    saveCopyTexts(values: {
      brandId: string;
      copy: string;
      additionalCopy: string;
      userId: string;
      now: Date;
    }) {
      return db
        .insertInto('brand_copy_texts')
        .values({
          brand_id: values.brandId,
          copy: values.copy,
          additional_copy: values.additionalCopy,
          updated_by: values.userId,
          updated_at: values.now,
        })
        .onConflict((oc) =>
          oc.column('brand_id').doUpdateSet({
            copy: values.copy,
            additional_copy: values.additionalCopy,
            updated_by: values.userId,
            updated_at: values.now,
          }),
        )
        .execute();
    },
  };
}

export type AssetsRepository = ReturnType<typeof createAssetsRepository>;
