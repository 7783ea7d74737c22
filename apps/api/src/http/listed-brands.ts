import type { TenantScope } from '@krowd/domain/access/access.rules';
import { notFound } from './errors.ts';
import { scopeCoversBrand } from './tenant.ts';
import { brandInScope, type ScopedBrand } from './brand-scope.ts';

/** What the lists read of the brands repository (brands.repository.ts), which app.ts passes in. */
interface BrandsReader {
  findById(id: string): Promise<ScopedBrand | undefined>;
  groupById(groupId: string): Promise<{ id: string } | undefined>;
  brandsOfGroup(groupId: string): Promise<(ScopedBrand & { name: string })[]>;
}

/** The brands an entity list shows: every brand, or these ids (none when the scope has none). */
export type ListedBrands = string[] | 'all';

/**
 * The brands a list covers for a caller (spec 2 §6): the brand chosen with brandId when the scope
 * covers it (else 404), otherwise everything in scope: all brands for operators, a bank's linked
 * brands, the group's brands for group roles ('All', from 'onboard'), the caller's own brand otherwise.
 */
export async function listedBrands(
  brands: BrandsReader,
  scope: TenantScope,
  request: { brandId?: string; from?: 'onboard' },
): Promise<ListedBrands> {
  const chosen = request.from === 'onboard' ? undefined : request.brandId;
  if (chosen) return [(await brandInScope(brands, scope, chosen)).id];
  return brandsOfScope(brands, scope);
}

/**
 * Every brand a scope covers: all brands for operators, a bank's linked brands, the group's, the
 * caller's own, or none. The one place a repository's brand filter comes from.
 */
export async function brandsOfScope(
  brands: Pick<BrandsReader, 'brandsOfGroup'>,
  scope: TenantScope,
): Promise<ListedBrands> {
  switch (scope.kind) {
    case 'all':
      return 'all';
    case 'bank':
      return [...scope.brandIds];
    case 'group':
      return (await brands.brandsOfGroup(scope.groupId)).map((brand) => brand.id);
    case 'brand':
      return [scope.brandId];
    case 'none':
      return [];
  }
}

/**
 * The brands of a group that a scope covers, for the filters that name a group: all of them for
 * operators and the group's own roles, a bank's linked ones, a brand role's own brand when it is
 * in the group. A group that does not exist, or of which the scope covers no brand, answers 404.
 */
export async function groupBrandsInScope(
  brands: BrandsReader,
  scope: TenantScope,
  groupId: string,
): Promise<{ id: string; name: string; group_id: string | null }[]> {
  const group = await brands.groupById(groupId);
  if (!group) throw notFound();
  const members = await brands.brandsOfGroup(groupId);
  if (scope.kind === 'all') return members;
  const covered = members.filter((brand) => scopeCoversBrand(scope, brand));
  if (covered.length === 0) throw notFound();
  return covered;
}
