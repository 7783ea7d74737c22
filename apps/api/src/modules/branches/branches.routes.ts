import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveMerchantSchema,
  branchCreateSchema,
  branchSortFields,
  branchStatuses,
  branchUpdateSchema,
  branchWizardSchema,
  directoryCreateSchema,
  directorySearchSchema,
  multiActionSchema,
} from '@krowd/domain/branch/branch.schema';
import {
  branchListPageSchema,
  branchSavedSchema,
  branchesSavedSchema,
  branchesUploadedSchema,
  brandMerchantsSchema,
  directoryBranchesSchema,
} from '@krowd/domain/branch/branch-response.schema';
import { branchCarriesCampaigns } from '@krowd/domain/branch/branch.rules';
import { midHealthStatuses } from '@krowd/domain/branch/mid-health.rules';
import { entityListQuerySchema } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  errorBodySchema,
  errorResponses,
  messageOnlySchema,
  respCodes,
  successSchema,
} from '../../http/envelope.ts';
import { callerOf } from '../../plugins/access.ts';
import { brandInScope } from '../../http/brand-scope.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { BranchesRepository } from './branches.repository.ts';
import type { BranchesService } from './branches.service.ts';

const m = messages.branch;

const branchListQuerySchema = entityListQuerySchema({
  sortFields: branchSortFields,
  statuses: branchStatuses,
})
  .extend({
    /** Only the branches of this MID health (decision 0115); '' or absent: all. */
    tracking: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(midHealthStatuses, m.midHealth.trackingInvalid).optional(),
    ),
  })
  .strict();
const branchDetailsSchema = successSchema(branchSavedSchema.shape);
const createMultipleSchema = z.array(branchWizardSchema).min(1).max(100);
const createMultipleResponseSchema = successSchema(branchesSavedSchema.shape);
const uploadQuerySchema = z.strictObject({
  brandId: z.uuid(messages.validation.idInvalid),
  fileName: z.string().trim().min(1).max(255).optional(),
});

/** A branches CSV may be up to 1 MB (1000 rows of the brief §6 columns fit several times over). */
const csvBodyLimit = 1024 * 1024;

/** An oversized CSV says so in the upload's words; every other error goes to the app's handler. */
function csvErrorHandler(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    void reply.code(413).send({ errorMessage: m.fileTooLarge });
    return;
  }
  throw error;
}

/**
 * Branches (merchants): the entity list, add, edit, delete, the multi actions, approve/reject, the
 * wizard's createMultiple, the CSV upload and the branch directory (spec 2 §2.4, §4, §7).
 */
export const branchesRoutes: FastifyPluginAsyncZod<{
  branches: BranchesRepository;
  brands: BrandsRepository;
  service: BranchesService;
}> = async (app, { branches, brands, service }) => {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: csvBodyLimit },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/merchants/getMerchantByBrandId',
    {
      config: { access: 'branches.read' },
      schema: {
        operationId: 'listBrandBranches',
        tags: ['branches'],
        summary: "A brand's branches (not deleted), with whether a campaign may use each",
        querystring: z.strictObject({
          brandId: z.uuid(messages.validation.idInvalid),
          role: z.string().max(50).optional(),
        }),
        response: { 200: successSchema(brandMerchantsSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const brand = await brandInScope(brands, callerOf(request).scope, request.query.brandId);
      const rows = await branches.branchesOfBrand(brand.id);
      return {
        respCode: respCodes.ok,
        merchants: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          kmid: row.kmid,
          status: row.status,
          merchantId: row.mastercard_merchant_id,
          amexMerchantID: row.amex_merchant_id,
          zettleMerchantID: row.zettle_merchant_id,
          postcode: row.postcode,
          address: row.address,
          selectable: branchCarriesCampaigns(row.status),
          createdByBrandUser: row.created_by_brand_user,
        })),
      };
    },
  );

  app.get(
    '/merchants',
    {
      config: { access: 'branches.read', keptAnswer: true },
      schema: {
        operationId: 'listBranches',
        tags: ['branches'],
        summary:
          'The branch list: paged, sorted, searched (3+ characters) and filtered by status and MID health, within scope',
        querystring: branchListQuerySchema,
        response: {
          200: successSchema(branchListPageSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.list(callerOf(request), request.query)),
    }),
  );

  app.post(
    '/merchants',
    {
      config: { access: 'branches.manage' },
      schema: {
        operationId: 'createBranch',
        tags: ['branches'],
        summary: 'Add a branch to a brand within scope; it starts Pending',
        body: branchCreateSchema,
        response: { 201: branchDetailsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const details = await service.add(callerOf(request), request.body);
      return reply.code(201).send({ respCode: respCodes.ok, respMessage: m.added, details });
    },
  );

  app.put(
    '/merchants/:id',
    {
      config: { access: 'branches.manage' },
      schema: {
        operationId: 'updateBranch',
        tags: ['branches'],
        summary: 'Edit a branch (default branches too); the directory choice stays locked',
        params: idParamsSchema,
        body: branchUpdateSchema,
        response: { 200: branchDetailsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const details = await service.update(callerOf(request), request.params.id, request.body);
      const proposed = request.body.merchantIds !== undefined && details.proposedMerchantIds !== null;
      return {
        respCode: respCodes.updated,
        respMessage: proposed ? m.merchantIdsSentForReview : m.updated,
        details,
      };
    },
  );

  app.delete(
    '/merchants/:id',
    {
      config: { access: 'branches.manage' },
      schema: {
        operationId: 'deleteBranch',
        tags: ['branches'],
        summary: 'Delete a branch (status Deleted); never a default branch',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.remove(callerOf(request), request.params.id);
      return { respCode: respCodes.deleted, respMessage: m.deleted };
    },
  );

  app.post(
    '/merchants/multiApprove',
    {
      config: { access: 'branches.decide' },
      schema: {
        operationId: 'reviewBranches',
        tags: ['branches'],
        summary: 'Approve or reject the ticked branches, in one transaction',
        body: multiActionSchema(['APPROVE', 'REJECT']),
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { selectedIds, action, comments } = request.body;
      await service.multiAction(callerOf(request), selectedIds, action, comments);
      return { respCode: respCodes.updated, respMessage: action === 'APPROVE' ? m.approved : m.rejected };
    },
  );

  app.post(
    '/merchants/multiRemove',
    {
      config: { access: 'branches.remove' },
      schema: {
        operationId: 'deleteBranches',
        tags: ['branches'],
        summary: 'Delete the ticked branches, in one transaction',
        body: multiActionSchema(['DELETE']),
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { selectedIds, action, comments } = request.body;
      await service.multiAction(callerOf(request), selectedIds, action, comments);
      return { respCode: respCodes.deleted, respMessage: m.deleted };
    },
  );

  // The spec's clients send either method: each is its own operation.
  const decisions = { POST: 'decideBranch', PUT: 'decideBranchByPut' } as const;
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/users/approveMerchantId',
      config: { access: 'branches.decide' },
      schema: {
        operationId: decisions[method],
        tags: ['branches'],
        summary: 'Approve or reject one branch with comments (confirm merchant)',
        body: approveMerchantSchema,
        response: { 200: branchDetailsSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { status, MId, comments } = request.body;
        return {
          respCode: respCodes.updated,
          respMessage: status === 'Approved' ? m.approved : m.rejected,
          details: await service.review(callerOf(request), MId, status, comments),
        };
      },
    });
  }

  app.post(
    '/merchants/createMultiple',
    {
      config: { access: 'branches.manage' },
      schema: {
        operationId: 'saveOnboardingBranches',
        tags: ['branches'],
        summary:
          "The onboarding wizard's branches: new ones added, those with an _id updated, in one transaction",
        body: createMultipleSchema,
        response: { 200: createMultipleResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const ids = await service.createMultiple(callerOf(request), request.body);
      return {
        respCode: respCodes.ok,
        respMessage: m.saved,
        details: { branch: ids.map((id) => ({ updateOne: { filter: { _id: id } } })) },
      };
    },
  );

  app.post(
    '/merchants/upload',
    {
      config: { access: 'branches.manage' },
      bodyLimit: csvBodyLimit,
      errorHandler: csvErrorHandler,
      schema: {
        operationId: 'uploadBranches',
        tags: ['branches'],
        summary: 'Upload a branches CSV (brief §6) as text/csv: every row stored, or none',
        consumes: ['text/csv'],
        querystring: uploadQuerySchema,
        response: {
          201: successSchema(branchesUploadedSchema.shape),
          ...errorResponses,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { brandId, fileName } = request.query;
      const count = await service.upload(callerOf(request), brandId, fileName, request.body);
      return reply.code(201).send({ respCode: respCodes.ok, respMessage: m.uploaded, count });
    },
  );

  app.get(
    '/branchDirectory',
    {
      config: { access: 'branches.manage' },
      schema: {
        operationId: 'searchBranchDirectory',
        tags: ['branches'],
        summary: 'Search the branch directory by name, from 3 characters',
        querystring: directorySearchSchema,
        response: { 200: successSchema(directoryBranchesSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      data: await service.searchDirectory(request.query.search),
    }),
  );

  app.post(
    '/branchDirectory',
    {
      config: { access: 'branches.manage' },
      schema: {
        operationId: 'createDirectoryEntry',
        tags: ['branches'],
        summary: 'Create a directory entry for a new branch name; answers its kmid as data[0].kmid',
        body: directoryCreateSchema,
        response: { 201: successSchema(directoryBranchesSchema.shape), ...errorResponses },
      },
    },
    async (request, reply) => {
      const entry = await service.createDirectoryEntry(callerOf(request), request.body);
      return reply.code(201).send({ respCode: respCodes.ok, data: [entry] });
    },
  );
};
