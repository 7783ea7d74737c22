import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

export function createDistributorsRepository(db: Kysely<DB>) {
  return {
    publishers() {
      return db.selectFrom('publishers').select(['id', 'code', 'display_name']).orderBy('code').execute();
    },

    dealsOfBrand(brandId: string) {
      return db
        .selectFrom('distributor_deals as d')
        .innerJoin('publishers as p', 'p.id', 'd.publisher_id')
        .select([
          'd.id',
          'p.id as publisher_id',
          'p.code',
          'p.display_name',
          'd.cashback_percent',
          'd.success_fee_percent',
          'd.start_date',
        ])
        .where('d.brand_id', '=', brandId)
        .orderBy('p.code')
        .execute();
    },
  };
}

export type DistributorsRepository = ReturnType<typeof createDistributorsRepository>;
