import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localToday, parsePauseRange } from '@krowd/domain/campaign/campaign-dates.rules';
import { campaignListQuerySchema } from '@krowd/domain/campaign/campaign-list.schema';
import {
  campaignCountSchema,
  campaignCreatedSchema,
  campaignDetailsAnswerSchema,
  campaignListPageSchema,
  campaignNamePartsSchema,
  campaignSelectorSchema,
} from '@krowd/domain/campaign/campaign-response.schema';
import { campaignFormSchema, campaignPauseRequestSchema } from '@krowd/domain/campaign/campaign.schema';
import { holdoutVolumeSchema } from '@krowd/domain/incrementality/incrementality.schema';
import { paginationOf } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../../config.ts';
import { errorResponses, messageOnlySchema, respCodes, successSchema } from '../../http/envelope.ts';
import { invalidField } from '../../http/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { markIdempotentEffect } from '../../plugins/idempotency.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { Clock } from '../auth/auth.service.ts';
import { toCampaignDetails, toListItem } from './campaigns.mapper.ts';
import type { CampaignsService } from './campaigns.service.ts';

const m = messages.campaign;

const brandQuery = z.strictObject({ brandId: z.uuid(messages.validation.idInvalid).optional() });

/** The campaign calls of spec 1 §7 and spec 3 §7. */
export const campaignsRoutes: FastifyPluginAsyncZod<{
  campaigns: CampaignsService;
  config: Config;
  clock: Clock;
}> = async (app, { campaigns, config, clock }) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get(
    '/campaigns',
    {
      config: { access: 'campaigns.read', keptAnswer: true },
      schema: {
        operationId: 'listCampaigns',
        tags: ['campaigns'],
        summary:
          'Past, current or future campaigns, paged, newest first by default; or, with campaignType=All ' +
          'and from=dashboard|clientDashboard, the names and ids for the dashboard’s campaign selector',
        querystring: campaignListQuerySchema,
        response: {
          200: z.union([
            successSchema(campaignListPageSchema.shape),
            successSchema(campaignSelectorSchema.shape),
          ]),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { campaignType, ...query } = request.query;
      if (campaignType === 'All') {
        const rows = await campaigns.selectorList(callerOf(request), query);
        return {
          respCode: respCodes.ok,
          campaigns: rows.map((row) => ({ _id: row.id, campaign_id: row.id, name: row.name })),
        };
      }
      const { rows, total } = await campaigns.list(callerOf(request), { ...query, campaignType });
      const today = localToday(clock(), config.timezone);
      return {
        respCode: respCodes.ok,
        campaigns: rows.map((row) => toListItem(row, today)),
        pagination: paginationOf(request.query.filter, total),
      };
    },
  );

  app.get(
    '/campaigns/campaignName',
    {
      config: { access: 'campaigns.read' },
      schema: {
        operationId: 'getCampaignNameParts',
        tags: ['campaigns'],
        summary: 'The brand name and campaign count the campaign name is built from',
        querystring: brandQuery,
        response: {
          200: successSchema(campaignNamePartsSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await campaigns.nameParts(callerOf(request), request.query.brandId)),
    }),
  );

  app.get(
    '/campaigns/holdoutVolume',
    {
      config: { access: 'campaigns.read' },
      schema: {
        operationId: 'getHoldoutVolume',
        tags: ['campaigns'],
        summary:
          'The brand’s cards and the spread of their spend in its last full month: the volume the form’s minimum detectable lift is worked out at',
        querystring: brandQuery,
        response: { 200: successSchema(holdoutVolumeSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await campaigns.holdoutVolume(callerOf(request), request.query.brandId)),
    }),
  );

  app.get(
    '/campaigns/current/count',
    {
      config: { access: 'campaigns.read' },
      schema: {
        operationId: 'countCurrentCampaigns',
        tags: ['campaigns'],
        summary: 'How many campaigns run this month, for the caller’s brands or one brand',
        querystring: brandQuery,
        response: { 200: successSchema(campaignCountSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      count: await campaigns.currentCount(callerOf(request), request.query.brandId),
    }),
  );

  app.get(
    '/campaigns/:id',
    {
      config: { access: 'campaigns.read' },
      schema: {
        operationId: 'getCampaign',
        tags: ['campaigns'],
        summary: 'One campaign, as the edit form reads it',
        params: idParamsSchema,
        response: { 200: successSchema(campaignDetailsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const row = await campaigns.campaignInScope(callerOf(request).scope, request.params.id);
      return {
        respCode: respCodes.ok,
        campaign: toCampaignDetails(row, localToday(clock(), config.timezone)),
      };
    },
  );

  app.post(
    '/campaigns',
    {
      config: { access: 'campaigns.create', idempotent: true },
      schema: {
        operationId: 'createCampaign',
        tags: ['campaigns'],
        summary: 'Create a campaign (status Pending) for a brand in scope',
        querystring: z.strictObject({ response: z.enum(['true', 'false']).optional() }),
        body: campaignFormSchema,
        response: {
          201: successSchema(campaignCreatedSchema.shape),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id, name } = await campaigns.create(callerOf(request), request.body, (trx) =>
        markIdempotentEffect(request, trx),
      );
      return reply
        .code(201)
        .send({ respCode: respCodes.ok, respMessage: m.created(name), campaign: { _id: id, name } });
    },
  );

  app.put(
    '/campaigns/:id',
    {
      config: { access: 'campaigns.edit' },
      schema: {
        operationId: 'updateCampaign',
        tags: ['campaigns'],
        summary: 'Edit a future campaign before the 25th of the month before it opens',
        params: idParamsSchema,
        body: campaignFormSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { name } = await campaigns.update(callerOf(request), request.params.id, request.body);
      return { respCode: respCodes.updated, respMessage: m.updated(name) };
    },
  );

  app.delete(
    '/campaigns/:id',
    {
      config: { access: 'campaigns.edit' },
      schema: {
        operationId: 'deleteCampaign',
        tags: ['campaigns'],
        summary: 'Delete a future campaign (a running one is stopped from next month on instead)',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await campaigns.remove(callerOf(request), request.params.id);
      return { respCode: respCodes.deleted, respMessage: m.deleted };
    },
  );

  app.post(
    '/campaigns/:id/stop',
    {
      config: { access: 'campaigns.edit' },
      schema: {
        operationId: 'stopCampaign',
        tags: ['campaigns'],
        summary:
          'Stop a running monthly campaign from next month on: this month runs to its end, no later campaign of its series runs',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      const month = await campaigns.stop(callerOf(request), request.params.id);
      return { respCode: respCodes.updated, respMessage: m.stopped(month) };
    },
  );

  app.post(
    '/campaigns/campaignStartPause/:campaignId',
    {
      config: { access: 'campaigns.edit' },
      schema: {
        operationId: 'editCampaignPauses',
        tags: ['campaigns'],
        summary:
          "Add, delete or edit paused ranges ('DD/MM/YYYY - DD/MM/YYYY') of a recurring primary campaign; " +
          'an edit names the range in range and its new dates in newAddedDate',
        params: z.strictObject({ campaignId: z.uuid(messages.validation.idInvalid) }),
        body: campaignPauseRequestSchema,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { action, newAddedDate } = request.body;
      const ranges = request.body.range.map(parsePauseRange);
      if (ranges.some((range) => range === null)) {
        throw invalidField('range', m.pauseInvalidDate);
      }
      const replacement = action === 'edit' ? parsePauseRange(newAddedDate ?? '') : undefined;
      if (replacement === null) throw invalidField('newAddedDate', m.pauseInvalidDate);
      const message = await campaigns.pause(
        callerOf(request),
        request.params.campaignId,
        action,
        ranges.filter((range) => range !== null),
        replacement,
      );
      const respCode = { add: respCodes.ok, edit: respCodes.updated, delete: respCodes.deleted }[action];
      return { respCode, respMessage: message };
    },
  );

  app.post(
    '/campaigns/templateConfirmation/:id',
    {
      config: { access: 'campaigns.review' },
      schema: {
        operationId: 'reviewCampaignTemplates',
        tags: ['campaigns'],
        summary: "Confirm (bank) or reject (bank, system admin) a submitted campaign's templates",
        params: idParamsSchema,
        body: z.strictObject({ action: z.enum(['confirm', 'reject']) }),
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.updated,
      respMessage: await campaigns.review(callerOf(request), request.params.id, request.body.action),
    }),
  );

  app.post(
    '/campaigns/upload',
    {
      config: { access: 'campaigns.edit' },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        operationId: 'uploadPromoCodes',
        tags: ['campaigns'],
        summary: 'Upload the promo codes of a campaign (text/csv, one code a line)',
        querystring: z.strictObject({
          uploadPath: z.literal('promocode'),
          campaign_id: z.uuid(messages.validation.idInvalid),
        }),
        body: z.string({ error: 'A text/csv body is required' }).max(2 * 1024 * 1024),
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      respMessage: await campaigns.uploadPromoCodes(
        callerOf(request),
        request.query.campaign_id,
        request.body,
      ),
    }),
  );
};
