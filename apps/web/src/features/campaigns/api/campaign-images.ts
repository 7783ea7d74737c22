import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CampaignImageUploaded, CreativesPage } from '@krowd/domain/asset/asset-response.schema';
import { creativesPageSize } from '@krowd/domain/asset/asset.schema';
import { apiRequest } from '@/lib/api-client';

/** POST campaignTemplates/upload?uploadPath=campaign (spec 1 §7): multipart, field image. */
export function uploadCampaignImage(brandId: string | undefined, image: { blob: Blob; name: string }) {
  const form = new FormData();
  form.append('image', image.blob, image.name);
  return apiRequest<CampaignImageUploaded>('campaignTemplates/upload', {
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
      apiRequest<CreativesPage>('documents/creatives', {
        query: { page, limit: creativesPageSize, brandId },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
