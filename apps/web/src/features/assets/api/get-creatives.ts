import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreativesPage } from '@krowd/domain/asset/asset-response.schema';
import { creativesPageSize } from '@krowd/domain/asset/asset.schema';
import { apiRequest } from '@/lib/api-client';
import { useFailureNotice } from '../hooks/use-failure-notice.ts';
import { creativesPageKey } from './keys.ts';

/** Whose library: a brand's (brand-side callers), or the caller's bank's (brandId undefined). */
export interface LibraryOwner {
  brandId?: string;
}

/** GET documents/creatives: the Media Library, 10 images a page, newest first. */
export function creativesQueryOptions(owner: LibraryOwner, page: number) {
  return queryOptions({
    queryKey: creativesPageKey(owner, page),
    queryFn: ({ signal }) =>
      apiRequest<CreativesPage>('documents/creatives', {
        query: { page, limit: creativesPageSize, brandId: owner.brandId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreatives(owner: LibraryOwner, page: number) {
  const query = useQuery(creativesQueryOptions(owner, page));
  useFailureNotice(query.error);
  return query;
}
