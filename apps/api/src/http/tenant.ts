import type { TenantScope } from '@krowd/domain/access/access.rules';

/**
 * Tenant checks: whether a caller's scope covers a brand or a user. Data outside the scope is
 * answered as not found, so its existence is not revealed.
 */
export function scopeCoversBrand(
  scope: TenantScope,
  brand: { id: string; group_id: string | null },
): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'group':
      return brand.group_id === scope.groupId;
    case 'brand':
      return brand.id === scope.brandId;
    case 'bank':
      // A bank sees the brands its programmes publish: those the system admin linked to it.
      return scope.brandIds.includes(brand.id);
    case 'none':
      return false;
  }
}

export function scopeCoversUser(
  scope: TenantScope,
  user: { brand_id: string | null; effective_group_id: string | null; bank_id: string | null },
): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'group':
      return user.effective_group_id === scope.groupId;
    case 'brand':
      return user.brand_id === scope.brandId;
    case 'bank':
      return user.bank_id === scope.bankId;
    case 'none':
      return false;
  }
}
