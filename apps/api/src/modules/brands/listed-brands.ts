import type { TenantScope } from '@krowd/domain/access/access.rules';
import { brandInScope } from './brand-scope.ts';
import type { BrandsRepository } from './brands.repository.ts';

/** The brands an entity list shows: every brand, or these ids (none when the scope has none). */
export type ListedBrands = string[] | 'all';

/**
 * The brands a list covers for a caller (spec 2 §6): the brand chosen with brandId when the scope
 * covers it (else 404), otherwise everything in scope: all brands for operators and banks, the
 * group's brands for group roles ('All', from 'onboard'), the caller's own brand otherwise.
 */
export async function listedBrands(
  brands: BrandsRepository,
  scope: TenantScope,
  request: { brandId?: string; from?: 'onboard' },
): Promise<ListedBrands> {
  const chosen = request.from === 'onboard' ? undefined : request.brandId;
  if (chosen) return [(await brandInScope(brands, scope, chosen)).id];
  return brandsOfScope(brands, scope);
}

/** Every brand a scope covers: all brands for operators and banks, the group's, the caller's own, or none. */
export async function brandsOfScope(brands: BrandsRepository, scope: TenantScope): Promise<ListedBrands> {
  switch (scope.kind) {
    case 'all':
    case 'bank':
      return 'all';
    case 'group':
      return (await brands.brandsOfGroup(scope.groupId)).map((brand) => brand.id);
    case 'brand':
      return [scope.brandId];
    case 'none':
      return [];
  }
}
