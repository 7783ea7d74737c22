import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandMandate } from '@krowd/domain/payment/payment-response.schema';
import { apiRequest } from '@/lib/api-client';
import { mandateKey } from './keys.ts';

/** GET payments/mandate?brandId=: the brand's latest mandate, or null when it never set one up. */
export function mandateQueryOptions(brandId: string | undefined) {
  return queryOptions({
    queryKey: mandateKey(brandId),
    queryFn: async ({ signal }) =>
      (await apiRequest<BrandMandate>('payments/mandate', { query: { brandId }, signal })).mandate,
  });
}

export function useMandate(brandId: string | undefined) {
  return useQuery(mandateQueryOptions(brandId));
}
