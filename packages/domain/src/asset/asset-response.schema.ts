import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';
import { imageTypes } from './image-file.ts';

/**
 * What the asset routes answer (the requests are in asset.schema.ts): the API serialises through
 * these allowlists and the web client's calls are typed from them.
 */

/** An image as the API answers it: never its bytes, which the file route serves. */
export const assetSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  /** Where the file is served, `/api/files/{id}/{fileName}`. */
  url: z.string(),
  type: z.enum(imageTypes),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
  created: z.iso.datetime(),
});
export type Asset = z.infer<typeof assetSchema>;

/** The copy texts of a brand (spec 2 §3 'Brand details'); empty texts when none were saved. */
export const brandCopyDetailsSchema = z.object({
  brandId: z.string(),
  copy: z.string(),
  additionalCopy: z.string(),
});
export type BrandCopyDetails = z.infer<typeof brandCopyDetailsSchema>;

/** GET documents/creatives: one page of the Media Library. */
export const creativesPageSchema = listPageSchema(assetSchema);
export type CreativesPage = z.infer<typeof creativesPageSchema>;

/** POST uploads/files: the Media Library's new image. */
export const creativeUploadedSchema = z.object({ name: z.string(), details: assetSchema });
export type CreativeUploaded = z.infer<typeof creativeUploadedSchema>;

/** GET documents: the brand's copy texts. */
export const brandCopyAnswerSchema = z.object({ brandDetails: brandCopyDetailsSchema });
export type BrandCopyAnswer = z.infer<typeof brandCopyAnswerSchema>;

/** POST campaignTemplates/upload: the template's new image. */
export const campaignImageUploadedSchema = z.object({
  data: z.object({ fileName: z.string(), url: z.string(), _id: z.string() }),
});
export type CampaignImageUploaded = z.infer<typeof campaignImageUploadedSchema>;

/** POST uploads?uploadPath=user: the new profile photo. */
export const profilePhotoUploadedSchema = z.object({ fileName: z.string(), details: assetSchema });
export type ProfilePhotoUploaded = z.infer<typeof profilePhotoUploadedSchema>;
