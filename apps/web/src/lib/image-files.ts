import { checkImageFile, type ImageFileCheck } from '@krowd/domain/asset/image-file';

/**
 * The browser's pre-check of an image before upload: the same byte rules the server applies
 * (png, gif or jpeg by their bytes, under 2,072,576 bytes), so the user hears at once.
 */
export async function checkImageBlob(blob: Blob): Promise<ImageFileCheck> {
  return checkImageFile(new Uint8Array(await blob.arrayBuffer()));
}
