import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { creativesPageSize, type Asset } from '@krowd/domain/asset/asset.schema';
import type { Pagination } from '@krowd/domain/list/list.schema';
import { apiRequest } from '@/lib/api-client';

/** POST campaignTemplates/upload?uploadPath=campaign (spec 1 §7): multipart, field image. */
export function uploadCampaignImage(brandId: string | undefined, image: { blob: Blob; name: string }) {
  const form = new FormData();
  form.append('image', image.blob, image.name);
  return apiRequest<{ data: { fileName: string; url: string; _id: string } }>('campaignTemplates/upload', {
    method: 'POST',
    query: { uploadPath: 'campaign', brandId },
    form,
  });
}

/** The brand's Media Library, for the template's image picker. */
export function useBrandCreatives(brandId: string | undefined, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['creatives', brandId, page],
    queryFn: ({ signal }) =>
      apiRequest<{ data: Asset[]; pagination: Pagination }>('documents/creatives', {
        query: { page, limit: creativesPageSize, brandId },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
