import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandCopyAnswer } from '@krowd/domain/asset/asset-response.schema';
import { apiRequest } from '@/lib/api-client';
import { useFailureNotice } from '../hooks/use-failure-notice.ts';
import { brandCopyTextsKey } from './keys.ts';

/** The brand's copy texts (GET documents → brandDetails). */
export function copyTextsQueryOptions(brandId: string | undefined) {
  return queryOptions({
    queryKey: brandCopyTextsKey(brandId),
    queryFn: ({ signal }) => apiRequest<BrandCopyAnswer>('documents', { query: { brandId }, signal }),
    enabled: brandId !== undefined,
  });
}

export function useCopyTexts(brandId: string | undefined) {
  const query = useQuery(copyTextsQueryOptions(brandId));
  useFailureNotice(query.error);
  return query;
}
