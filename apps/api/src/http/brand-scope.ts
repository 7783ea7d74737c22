import type { TenantScope } from '@krowd/domain/access/access.rules';
import { notFound } from './errors.ts';
import { scopeCoversBrand } from './tenant.ts';
import type { BrandsRepository } from '../modules/brands/brands.repository.ts';

/** The brand, when the caller's scope covers it; otherwise 404 (its existence stays hidden). */
export async function brandInScope(brands: BrandsRepository, scope: TenantScope, brandId: string) {
  const brand = await brands.findById(brandId);
  if (!brand || !scopeCoversBrand(scope, brand)) throw notFound();
  return brand;
}
