import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityListQuerySchema } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  branchFileMaxBytes,
  branchPageIdField,
  branchSubmissionSchema,
  brandOnboardingSchema,
  contactLeadSchema,
  leadKinds,
  leadSortFields,
  merchantIdParamsSchema,
  signupLookupSchema,
  verifyEmailSchema,
} from '@krowd/domain/public/card-network.schema';
import {
  branchPageSchema,
  leadListPageSchema,
  redirectingSchema,
  signupLookedUpSchema,
} from '@krowd/domain/public/public-response.schema';
import { effectiveSearch } from '@krowd/domain/list/list.schema';
import { idParamsSchema } from '../../http/params.ts';
import {
  errorBodySchema,
  errorResponses,
  messageOnlySchema,
  respCodes,
  successSchema,
} from '../../http/envelope.ts';
import { badRequest, HttpError, invalidField, invalidFields } from '../../http/errors.ts';
import type { PublicService, UploadedFile } from './public.service.ts';

const m = messages.cardNetwork;

const redirectingAnswerSchema = successSchema(redirectingSchema.shape);

/** The text fields and the one file of the branch page's multipart form. */
interface BranchForm {
  fields: Record<string, string>;
  file?: UploadedFile;
}

const branchFormFields = ['branchList', 'id', 'comments'] as const;

async function branchFormOf(request: FastifyRequest): Promise<BranchForm> {
  if (!request.isMultipart()) throw new HttpError(415, messages.common.unsupportedContentType);
  const form: BranchForm = { fields: {} };
  try {
    for await (const part of request.parts({
      limits: { fileSize: branchFileMaxBytes, files: 1, fields: 3, parts: 4, fieldSize: 256 * 1024 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'excelFile') {
          throw badRequest(messages.validation.unexpectedField, {
            [part.fieldname]: messages.validation.unexpectedField,
          });
        }
        form.file = { fileName: part.filename, bytes };
      } else if ((branchFormFields as readonly string[]).includes(part.fieldname)) {
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      } else {
        throw badRequest(messages.validation.unexpectedField, {
          [part.fieldname]: messages.validation.unexpectedField,
        });
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      const tooLarge = m.fileTooLarge(branchFileMaxBytes / 1024 / 1024);
      throw badRequest(tooLarge, { excelFile: tooLarge });
    }
    throw badRequest(messages.common.invalidRequest);
  }
  return form;
}

/** branchList travels as JSON text (spec 3 §7); text that is not JSON is no list of branches. */
function parsedBranchList(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidField('branchList', messages.common.invalidRequest);
  }
}

/** The zod issues of the branch form, named by field as the validator names a JSON body's. */
function submissionOf(form: BranchForm) {
  const parsed = branchSubmissionSchema.safeParse({
    id: form.fields.id,
    comments: form.fields.comments,
    branchList: parsedBranchList(form.fields.branchList),
  });
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'body'] ??= issue.message;
  throw invalidFields(fieldErrors);
}

const leadListQuerySchema = entityListQuerySchema({ sortFields: leadSortFields, statuses: leadKinds });

/**
 * The public card-network pages' calls (spec 3 §7, auth/…): no sign-in, each counted against the
 * per-IP limit of the account routes. And the system admin's leads list and branch files.
 */
export const publicRoutes: FastifyPluginAsyncZod<{ service: PublicService }> = async (app, { service }) => {
  await app.register(multipart);

  app.post(
    '/auth/notifyAdminForAmex',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'requestCardNetworkContact',
        tags: ['card network'],
        summary:
          'A contact request from /amexdining or the /amexsignup dialog: stored, and the system admins mailed',
        body: contactLeadSchema,
        response: { 201: redirectingAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { redirectTo } = await service.notifyAdmin(request.body);
      return reply.code(201).send({ respCode: respCodes.ok, respMessage: m.detailsSubmitted, redirectTo });
    },
  );

  app.post(
    '/auth/getAmexUser/:amexMerchantID',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'requestCardNetworkSignInLink',
        tags: ['card network'],
        summary:
          "Look up the card-network guest waiting for this Amex Merchant ID: a sign-in link is mailed to the guest's own address, at most once an hour; the answer has nothing of the address",
        description:
          'A Merchant ID no waiting account has answers 404 and is kept as a lead, once per e-mail and Merchant ID. Every address together is limited beside each address (429).',
        params: merchantIdParamsSchema,
        body: signupLookupSchema,
        response: { 200: successSchema(signupLookedUpSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      if (request.body.amexMerchantID !== request.params.amexMerchantID) {
        throw invalidField('amexMerchantID', messages.validation.invalidValue);
      }
      await service.lookup(request.body);
      return { respCode: respCodes.ok, respMessage: m.linkSent };
    },
  );

  app.post(
    '/auth/verifyEmail',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'checkCardNetworkEmail',
        tags: ['card network'],
        summary:
          "The dining sign-up checks its e-mail's shape; the answer is the same whether or not an account has it",
        body: verifyEmailSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async () => ({ respCode: respCodes.ok }),
  );

  app.post(
    '/auth/onBoardAmexBrand',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'onboardCardNetworkBrand',
        tags: ['card network'],
        summary:
          'The dining sign-up after the terms: brand, card-network guest account and lead in one transaction; the guest link and the branch page mailed',
        description:
          'Answers at once and the same for every address; the work follows the answer. An address that already has an account changes nothing and its owner is mailed that someone tried to sign up.',
        body: brandOnboardingSchema,
        response: { 201: redirectingAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { redirectTo } = await service.onboard(request.body);
      return reply.code(201).send({ respCode: respCodes.ok, respMessage: m.registered, redirectTo });
    },
  );

  app.get(
    '/auth/getAmexBranchPage/:id',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'getCardNetworkBranchPage',
        tags: ['card network'],
        summary:
          'The restaurant a branch page id is for, so the page can greet it or say the link is not valid',
        params: z.strictObject({ id: branchPageIdField }),
        response: { 200: successSchema(branchPageSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({ respCode: respCodes.ok, ...(await service.branchPage(request.params.id)) }),
  );

  app.post(
    '/auth/notifyAdminForAmexBranch',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'submitCardNetworkBranches',
        tags: ['card network'],
        summary: "The branch page's submit: the branches become Pending branches of the sign-up's brand",
        description:
          'multipart/form-data: branchList (JSON: [{branchName, merchantId, amexMerchantID, zettleMerchantID, postcode, ' +
          'postaltown, address}]), id (the branch page id from the sign-up e-mail), comments, and optionally excelFile ' +
          `(.xls or .xlsx, checked by its bytes, under ${branchFileMaxBytes / 1024 / 1024} MB).`,
        consumes: ['multipart/form-data'],
        response: { 201: redirectingAnswerSchema, ...errorResponses, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      const form = await branchFormOf(request);
      const { redirectTo } = await service.submitBranches(submissionOf(form), form.file);
      return reply.code(201).send({ respCode: respCodes.ok, respMessage: m.branchesSubmitted, redirectTo });
    },
  );

  app.get(
    '/cardnetwork/leads',
    {
      config: { access: 'cardNetworkLeads.read' },
      schema: {
        operationId: 'listCardNetworkLeads',
        tags: ['card network'],
        summary: 'The leads of the public card-network pages, newest first, with their branch submissions',
        querystring: leadListQuerySchema,
        response: {
          200: successSchema(leadListPageSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { page, limit, filters } = request.query;
      const result = await service.list({
        page,
        limit,
        search: effectiveSearch(filters.globalSearch?.value),
        kind: filters.dropDown?.value || undefined,
        sort: filters.sortField,
      });
      return { respCode: respCodes.ok, ...result };
    },
  );

  app.get(
    '/cardnetwork/submissions/:id/file',
    {
      config: { access: 'cardNetworkLeads.read' },
      schema: {
        operationId: 'downloadCardNetworkSubmission',
        tags: ['card network'],
        summary: "A branch submission's Excel file, as a download",
        params: idParamsSchema,
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await service.submissionFile(request.params.id);
      return reply
        .header(
          'content-type',
          file.kind === 'xls'
            ? 'application/vnd.ms-excel'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes));
    },
  );
};
