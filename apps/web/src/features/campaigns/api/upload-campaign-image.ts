import type { CampaignImageUploaded } from '@krowd/domain/asset/asset-response.schema';
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
