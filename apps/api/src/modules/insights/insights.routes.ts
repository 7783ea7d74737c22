import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@krowd/domain/access/access.rules';
import {
  branchDetailsAnswerSchema,
  brandInsightsAnswerSchema,
  factorsAnswerSchema,
  insightsLoginAnswerSchema,
  scatterAnswerSchema,
  similarityAnswerSchema,
  trendsAnswerSchema,
} from '@krowd/domain/insights/insights-response.schema';
import {
  insightsLoginSchema,
  insightsSignupParamsSchema,
  insightsSignupSchema,
} from '@krowd/domain/insights/insights-visitors.schema';
import {
  branchDetailsQuerySchema,
  brandInsightsQuerySchema,
  factorsQuerySchema,
  insightsPassHeader,
  scatterQuerySchema,
  similarityQuerySchema,
  trendsQuerySchema,
} from '@krowd/domain/insights/insights.schema';
import { messages } from '@krowd/domain/messages/messages';
import { deviceOf } from '../../http/device.ts';
import { errorResponses, messageOnlySchema, respCodes, successSchema } from '../../http/envelope.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { InsightsVisitorsService } from './insights-visitors.service.ts';
import type { InsightsCaller, InsightsService } from './insights.service.ts';

const m = messages.insights;

/**
 * Social analytics (spec 3 §2.7, §7; docs/social-analytics.md). The reviewsdata calls answer a
 * signed-in caller holding insights.read within their scope, or a visitor sending an insights pass
 * (X-Insights-Pass) for the pass's brand; the caller is settled before the input is validated, so
 * a caller who may not read learns nothing from the input rules. Reviews come in through the
 * system admin's upload (reviews.routes.ts).
 */
export const insightsRoutes: FastifyPluginAsyncZod<{
  service: InsightsService;
  visitors: InsightsVisitorsService;
}> = async (app, { service, visitors }) => {
  const callers = new WeakMap<FastifyRequest, InsightsCaller>();

  /** A pass when one is sent; else the session, whose audience must hold insights.read; else 401. */
  const resolveCaller = async (request: FastifyRequest) => {
    const pass = request.headers[insightsPassHeader];
    if (typeof pass === 'string' && pass !== '') {
      callers.set(request, await visitors.passCaller(pass));
      return;
    }
    if (!request.auth) throw unauthorized();
    if (!can(request.auth.audience, 'insights.read')) throw forbidden();
    callers.set(request, { kind: 'user', audience: request.auth.audience, scope: request.auth.scope });
  };
  const callerOf = (request: FastifyRequest) => {
    const caller = callers.get(request);
    if (!caller) throw unauthorized();
    return caller;
  };
  const reader = {
    config: { access: 'optional' as const, credentials: ['insightsPass' as const, 'session' as const] },
    preValidation: resolveCaller,
  };
  const readerHeaders = z.object({ [insightsPassHeader]: z.string().max(200).optional() });

  app.get(
    '/reviewsdata/factorsAffectingars',
    {
      ...reader,
      schema: {
        operationId: 'getInsightsSummary',
        tags: ['insights'],
        summary:
          'Summary cards and sentiment bars: Aggregate Score, review count, Revenue YTD (signed in) or the 20% teaser (pass), ranks, aspect mentions',
        headers: readerHeaders,
        querystring: factorsQuerySchema,
        response: { 200: successSchema(factorsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      response: await service.factors(callerOf(request), request.query),
    }),
  );

  app.get(
    '/reviewsdata/branchdetails',
    {
      ...reader,
      schema: {
        operationId: 'listInsightsVenues',
        tags: ['insights'],
        summary: "The brand's venues (branch pickers) and the competitor venues of its cities",
        headers: readerHeaders,
        querystring: branchDetailsQuerySchema,
        response: { 200: successSchema(branchDetailsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      data: await service.branchDetails(callerOf(request), request.query.brandId),
    }),
  );

  app.get(
    '/reviewsdata/getscatterchart',
    {
      ...reader,
      schema: {
        operationId: 'getInsightsScatterChart',
        tags: ['insights'],
        summary: "Each entity of the brand's cities: Aggregate Score against the aspect's net positive share",
        headers: readerHeaders,
        querystring: scatterQuerySchema,
        response: { 200: successSchema(scatterAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      data: await service.scatter(callerOf(request), request.query),
    }),
  );

  app.get(
    '/reviewsdata',
    {
      ...reader,
      schema: {
        operationId: 'getInsightsTrends',
        tags: ['insights'],
        summary:
          'Trends: monthly Aggregate Score of the brand (or branch) and a competitor venue, and Net Positive Reviews of one aspect',
        headers: readerHeaders,
        querystring: trendsQuerySchema,
        response: { 200: successSchema(trendsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.trends(callerOf(request), request.query)),
    }),
  );

  app.get(
    '/reviewsdata/similarity',
    {
      ...reader,
      schema: {
        operationId: 'getInsightsSimilarity',
        tags: ['insights'],
        summary:
          'Most similar brands and venues (Jensen–Shannon distance of aspect mentions) and the aspect radars',
        headers: readerHeaders,
        querystring: similarityQuerySchema,
        response: { 200: successSchema(similarityAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      ...(await service.similarity(callerOf(request), request.query)),
    }),
  );

  app.get(
    '/reviewsdata/getBrandInsights',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'listInsightsBrands',
        tags: ['insights'],
        summary: "Brands with reviews, searchable by name: the insights login's brand select",
        querystring: brandInsightsQuerySchema,
        response: { 200: successSchema(brandInsightsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => ({
      respCode: respCodes.ok,
      brands: await service.brandInsights(request.query.filter ?? { limit: 50 }),
    }),
  );

  app.post(
    '/insights/savebrandDetails',
    {
      config: { access: 'public', authRateLimit: true },
      schema: {
        operationId: 'startInsightsPass',
        tags: ['insights'],
        summary: "The insights login: records the visitor's e-mail, brand and device; answers a 30-day pass",
        body: insightsLoginSchema,
        response: { 200: successSchema(insightsLoginAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const device = deviceOf(request);
      return {
        respCode: respCodes.ok,
        respMessage: m.loggedIn,
        data: await visitors.login(request.body, device),
      };
    },
  );

  /** A visitor's own calls: the pass is required, a signed-in session is not enough. */
  const requirePass = async (request: FastifyRequest) => {
    const pass = request.headers[insightsPassHeader];
    if (typeof pass !== 'string' || pass === '') throw unauthorized();
    callers.set(request, await visitors.passCaller(pass));
  };

  app.post(
    '/insights/logout',
    {
      config: { access: 'optional', credentials: ['insightsPass'] },
      preValidation: requirePass,
      schema: {
        operationId: 'endInsightsPass',
        tags: ['insights'],
        summary: "The visitor's Logout: their insights pass ends now (needs the pass)",
        headers: readerHeaders,
        response: { 200: messageOnlySchema, ...errorResponses },
      },
    },
    async (request) => {
      await visitors.logout(callerOf(request));
      return { respCode: respCodes.ok, respMessage: messages.auth.loggedOut };
    },
  );

  app.post(
    '/insights/updatebrandDetails/:id',
    {
      config: { access: 'optional', credentials: ['insightsPass'] },
      preValidation: requirePass,
      schema: {
        operationId: 'signUpInsightsVisitor',
        tags: ['insights'],
        summary:
          "The Sign Up dialog: the visitor's details, kept and mailed to the system admins (needs the pass)",
        headers: readerHeaders,
        params: insightsSignupParamsSchema,
        body: insightsSignupSchema,
        response: { 205: messageOnlySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await visitors.signup(callerOf(request), request.params.id, request.body);
      return reply.code(205).send({ respCode: respCodes.updated, respMessage: m.signupSaved });
    },
  );
};
