import type { CreativeUploaded } from '@krowd/domain/asset/asset-response.schema';
import type { UploadTracking } from '@/components/ui/upload-progress';
import { apiRequest } from '@/lib/api-client';
import type { LibraryOwner } from './get-creatives.ts';

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
