import type { Kysely } from 'kysely';
import { brandAdministratorRoles } from '@krowd/domain/access/access.rules';
import type { DB } from './database.generated.ts';

/**
 * The active administrators of each of these brands, by brand: who a brand's alerts go to (MID
 * health, docs/decisions/0115; budget pacing, docs/decisions/0120).
 */
export async function brandAdministrators(db: Kysely<DB>, brandIds: readonly string[]) {
  const byBrand = new Map<string, { email: string; firstName: string }[]>();
  if (brandIds.length === 0) return byBrand;
  const rows = await db
    .selectFrom('users')
    .select(['brand_id', 'email', 'first_name'])
    .where('brand_id', 'in', brandIds)
    .where('role', 'in', brandAdministratorRoles)
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .orderBy('email')
    .execute();
  for (const row of rows) {
    const list = byBrand.get(row.brand_id!) ?? [];
    list.push({ email: row.email, firstName: row.first_name });
    byBrand.set(row.brand_id!, list);
  }
  return byBrand;
}
