import multipart from '@fastify/multipart';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandCopyAnswerSchema,
  campaignImageUploadedSchema,
  creativeUploadedSchema,
  creativesPageSchema,
  profilePhotoUploadedSchema,
} from '@krowd/domain/asset/asset-response.schema';
import {
  createCopyTextSchema,
  creativesListQuerySchema,
  ownerQuerySchema,
} from '@krowd/domain/asset/asset.schema';
import { imageContentTypes, imageFileMaxBytes } from '@krowd/domain/asset/image-file';
import { messages } from '@krowd/domain/messages/messages';
import { errorResponses, messageOnlySchema, respCodes, successSchema } from '../../http/envelope.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { AssetsService } from './assets.service.ts';

const m = messages.asset;

/**
 * A body a little over the image limit is still read, so that a file just too large gets the
 * upload's own message from the image check; a larger one is cut off with the same message.
 */
const imageBodyLimit = imageFileMaxBytes + 64 * 1024;

/** The spec's upload query (spec 2 §7): the client's own preview, size, id, type and name are ignored. */
const clientFileHints = {
  preview: z.string().max(2000).optional(),
  size: z.string().max(20).optional(),
  fileId: z.string().max(255).optional(),
  mimetype: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
};
const creativeUploadQuerySchema = z.strictObject({
  uploadPath: z.literal('docs'),
  docType: z.literal('creatives'),
  brandId: ownerQuerySchema.shape.brandId,
  ...clientFileHints,
});
const campaignUploadQuerySchema = z.strictObject({
  uploadPath: z.literal('campaign'),
  brandId: ownerQuerySchema.shape.brandId,
});
const profilePhotoQuerySchema = z.strictObject({ uploadPath: z.literal('user') });
const deleteQuerySchema = z.strictObject({ docType: z.literal('creatives') });
const fileParamsSchema = z.strictObject({
  id: z.uuid(),
  fileName: z.string().regex(/^[a-z]+-[0-9a-f]{12}\.(png|gif|jpg)$/),
});

const uploadedSchema = successSchema(creativeUploadedSchema.shape);

/** An oversized raw body answers the image rule's message; every other error goes to the app's handler. */
function uploadErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    void reply.code(400).send({ errorMessage: m.fileTooLarge, fieldErrors: { file: m.fileTooLarge } });
    return;
  }
  throw error;
}

/** The one file of a multipart upload, whatever its field is called; its bytes are judged later. */
async function multipartFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, messages.common.unsupportedContentType);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: imageFileMaxBytes, files: 1, fields: 5, parts: 6 } });
  } catch {
    throw badRequest(messages.common.invalidRequest);
  }
  if (!part) throw badRequest(m.fileRequired, { file: m.fileRequired });
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(m.fileTooLarge, { file: m.fileTooLarge });
    }
    throw badRequest(messages.common.invalidRequest);
  }
}

/** The raw body of an upload: an empty or missing body is an empty file. */
const rawBytes = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/**
 * Manage Assets (spec 2 §2.7, §7), the campaign template's image upload (spec 1 §7), the profile
 * photo upload and the file route that serves them all.
 */
export const assetsRoutes: FastifyPluginAsyncZod<{ service: AssetsService }> = async (app, { service }) => {
  await app.register(multipart, { limits: { fileSize: imageFileMaxBytes, files: 1 } });
  app.addContentTypeParser(
    [...Object.values(imageContentTypes), 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: imageBodyLimit },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/uploads/files',
    {
      config: { access: 'assets.manage' },
      errorHandler: uploadErrorHandler,
      schema: {
        operationId: 'uploadLibraryImage',
        tags: ['assets'],
        summary: 'Upload one image to a Media Library (the raw image is the body: png, gif or jpeg)',
        description:
          'The bytes decide the type; each file must be under 2,072,576 bytes. Brand-side callers name a brand within scope (their own by default); bank users upload to their bank.',
        querystring: creativeUploadQuerySchema,
        response: { 201: uploadedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const details = await service.uploadCreative(
        callerOf(request),
        request.query.brandId,
        rawBytes(request.body),
      );
      return reply
        .code(201)
        .send({ respCode: respCodes.ok, respMessage: m.imageUploaded, name: details.fileName, details });
    },
  );

  app.get(
    '/documents/creatives',
    {
      config: { access: 'assets.read' },
      schema: {
        operationId: 'listLibraryImages',
        tags: ['assets'],
        summary: 'A Media Library, newest first, 10 images a page',
        querystring: creativesListQuerySchema,
        response: {
          200: successSchema(creativesPageSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.library(callerOf(request), request.query)),
    }),
  );

  app.delete(
    '/documents/:id',
    {
      config: { access: 'assets.manage' },
      schema: {
        operationId: 'deleteLibraryImage',
        tags: ['assets'],
        summary: 'Delete an image from its Media Library',
        description: 'Its address keeps working for campaign templates that chose it.',
        params: idParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.deleteCreative(callerOf(request), request.params.id);
      return { respCode: respCodes.deleted, respMessage: m.deleted };
    },
  );

  app.get(
    '/documents',
    {
      config: { access: 'assets.read' },
      schema: {
        operationId: 'getBrandCopy',
        tags: ['assets'],
        summary: "A brand's copy texts (brandDetails)",
        querystring: ownerQuerySchema,
        response: { 200: successSchema(brandCopyAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      brandDetails: await service.copyTexts(callerOf(request), request.query.brandId),
    }),
  );

  app.post(
    '/brands/createCopyText',
    {
      config: { access: 'assets.manage' },
      schema: {
        operationId: 'saveBrandCopy',
        tags: ['assets'],
        summary: "Save a brand's copy (at most 200 characters) and additional copy (at most 100)",
        body: createCopyTextSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.saveCopyTexts(callerOf(request), request.body);
      return { respCode: respCodes.ok, respMessage: m.copySaved };
    },
  );

  app.post(
    '/campaignTemplates/upload',
    {
      config: { access: 'assets.campaignUpload' },
      schema: {
        operationId: 'uploadTemplateImage',
        tags: ['assets'],
        summary: "Upload an image for a campaign's template (multipart, one file, field image)",
        description: 'The image belongs to the brand named (within scope; one’s own by default).',
        querystring: campaignUploadQuerySchema,
        response: {
          201: successSchema(campaignImageUploadedSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const bytes = await multipartFile(request);
      const asset = await service.campaignUpload(callerOf(request), request.query.brandId, bytes);
      return reply.code(201).send({
        respCode: respCodes.ok,
        respMessage: m.imageUploaded,
        data: { fileName: asset.fileName, url: asset.url, _id: asset._id },
      });
    },
  );

  app.post(
    '/uploads',
    {
      config: { access: 'profile.update' },
      schema: {
        operationId: 'uploadProfilePhoto',
        tags: ['assets'],
        summary: "Upload one's own profile photo (multipart, one file); it replaces the earlier one",
        querystring: profilePhotoQuerySchema,
        response: { 201: successSchema(profilePhotoUploadedSchema.shape), ...errorResponses },
      },
    },
    async (request, reply) => {
      const bytes = await multipartFile(request);
      const details = await service.uploadProfilePhoto(callerOf(request), bytes);
      return reply.code(201).send({
        respCode: respCodes.ok,
        respMessage: messages.profile.photoUpdated,
        fileName: details.fileName,
        details,
      });
    },
  );

  app.get(
    '/files/:id/:fileName',
    {
      config: { access: 'files.read' },
      schema: {
        operationId: 'getFile',
        tags: ['assets'],
        summary: 'An uploaded image, with the content type its bytes proved; never run, never sniffed',
        description:
          'Readable by signed-in callers whose scope covers the owner: banks see brands’ images (they review campaign templates).',
        params: fileParamsSchema,
        response: {
          200: z.any().describe('The image bytes (image/png, image/gif or image/jpeg)'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const file = await service.file(callerOf(request), request.params.id, request.params.fileName);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.bytes.length)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.bytes);
    },
  );
};
