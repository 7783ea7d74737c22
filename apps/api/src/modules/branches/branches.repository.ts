import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export function createBranchesRepository(db: Kysely<DB>) {
  return {
    /** A brand's branches other than deleted ones, by name. */
    branchesOfBrand(brandId: string) {
      return db
        .selectFrom('branches')
        .select([
          'id',
          'brand_id',
          'name',
          'kmid',
          'status',
          'mastercard_merchant_id',
          'amex_merchant_id',
          'zettle_merchant_id',
          'postcode',
          'address',
        ])
        .where('brand_id', '=', brandId)
        .where('status', '!=', 'Deleted')
        .orderBy('name')
        .execute();
    },
  };
}

export type BranchesRepository = ReturnType<typeof createBranchesRepository>;
