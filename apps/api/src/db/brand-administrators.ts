import type { Kysely } from 'kysely';
import { brandAdministratorRoles, groupAdministratorRoles } from '@krowd/domain/access/access.rules';
import type { DB } from './database.generated.ts';

export interface Administrator {
  email: string;
  firstName: string;
}

/**
 * The active administrators of each of these brands, by brand: who a brand's alerts go to (MID
 * health, docs/decisions/0115; budget pacing, docs/decisions/0120).
 */
export async function brandAdministrators(db: Kysely<DB>, brandIds: readonly string[]) {
  const byBrand = new Map<string, Administrator[]>();
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

/**
 * The brands' administrators and, for a brand of a group, the group's active administrators too
 * (they administer every brand of it: `administersGroup`), by brand, each person once a brand,
 * by e-mail. A group admin's user row names the group, not a brand (users.group_id).
 */
export async function brandAndGroupAdministrators(db: Kysely<DB>, brandIds: readonly string[]) {
  const byBrand = await brandAdministrators(db, brandIds);
  if (brandIds.length === 0) return byBrand;
  const rows = await db
    .selectFrom('brands as br')
    .innerJoin('users as u', 'u.group_id', 'br.group_id')
    .select(['br.id as brand_id', 'u.email', 'u.first_name'])
    .where('br.id', 'in', brandIds)
    .where('u.role', 'in', groupAdministratorRoles)
    .where('u.status', '=', 'active')
    .where('u.deleted_at', 'is', null)
    .execute();
  for (const row of rows) {
    const list = byBrand.get(row.brand_id) ?? [];
    if (!list.some((known) => known.email === row.email)) {
      list.push({ email: row.email, firstName: row.first_name });
    }
    byBrand.set(row.brand_id, list);
  }
  for (const list of byBrand.values())
    list.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return byBrand;
}
