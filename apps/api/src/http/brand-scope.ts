import type { TenantScope } from '@krowd/domain/access/access.rules';
import { notFound } from './errors.ts';
import { scopeCoversBrand } from './tenant.ts';

/** A brand as the scope checks read it; the brands repository (brands.repository.ts) gives more. */
export interface ScopedBrand {
  id: string;
  group_id: string | null;
}

/** The brand, when the caller's scope covers it; otherwise 404 (its existence stays hidden). */
export async function brandInScope<Brand extends ScopedBrand>(
  brands: { findById(id: string): Promise<Brand | undefined> },
  scope: TenantScope,
  brandId: string,
): Promise<Brand> {
  const brand = await brands.findById(brandId);
  if (!brand || !scopeCoversBrand(scope, brand)) throw notFound();
  return brand;
}
