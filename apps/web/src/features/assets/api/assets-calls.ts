import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  BrandCopyAnswer,
  CreativeUploaded,
  CreativesPage,
} from '@krowd/domain/asset/asset-response.schema';
import { creativesPageSize, type CopyTextForm } from '@krowd/domain/asset/asset.schema';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { UploadTracking } from '@/components/ui/upload-progress';
import { notify } from '@/lib/notify';

export const creativesKey = ['creatives'] as const;
export const copyTextsKey = ['copyTexts'] as const;

/** Whose library: a brand's (brand-side callers), or the caller's bank's (brandId undefined). */
export interface LibraryOwner {
  brandId?: string;
}

/** A failed fetch is told as a notification, unless the session ended (its modal says so). */
function useFailureNotice(failure: Error | null) {
  useEffect(() => {
    if (failure && !(failure instanceof ApiError && failure.status === 401)) notify.error(failure.message);
  }, [failure]);
}

/** The Media Library, 10 images a page, newest first. */
export function useCreatives(owner: LibraryOwner, page: number) {
  const query = useQuery({
    queryKey: [...creativesKey, owner.brandId ?? 'bank', page],
    queryFn: ({ signal }) =>
      apiRequest<CreativesPage>('documents/creatives', {
        query: { page, limit: creativesPageSize, brandId: owner.brandId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  useFailureNotice(query.error);
  return query;
}

/** One image, sent as its bytes (POST uploads/files, spec 2 §7); the server judges the bytes. */
export function uploadCreative(
  owner: LibraryOwner,
  image: { blob: Blob; name: string },
  tracking?: UploadTracking,
) {
  return apiRequest<CreativeUploaded & { respMessage: string }>('uploads/files', {
    method: 'POST',
    query: {
      uploadPath: 'docs',
      docType: 'creatives',
      brandId: owner.brandId,
      name: image.name,
      size: image.blob.size,
    },
    file: { contentType: image.blob.type || 'application/octet-stream', text: image.blob },
    ...tracking,
  });
}

export function useDeleteCreative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ respMessage: string }>(`documents/${id}`, {
        method: 'DELETE',
        query: { docType: 'creatives' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creativesKey }),
  });
}

/** The brand's copy texts (GET documents → brandDetails). */
export function useCopyTexts(brandId: string | undefined) {
  const query = useQuery({
    queryKey: [...copyTextsKey, brandId],
    queryFn: ({ signal }) => apiRequest<BrandCopyAnswer>('documents', { query: { brandId }, signal }),
    enabled: brandId !== undefined,
  });
  useFailureNotice(query.error);
  return query;
}

export function useSaveCopyTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CopyTextForm & { brandId: string }) =>
      apiRequest<{ respMessage: string }>('brands/createCopyText', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: copyTextsKey }),
  });
}
