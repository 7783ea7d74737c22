import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { templatesSchema } from '@krowd/domain/template/template-response.schema';
import { templateTypes } from '@krowd/domain/template/template.rules';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import type { TemplatesRepository } from './templates.repository.ts';

/** GET campaignTemplates: the message templates of one type (sms, email, app). */
export const templatesRoutes: FastifyPluginAsyncZod<{ templates: TemplatesRepository }> = async (
  app,
  { templates },
) => {
  app.get(
    '/campaignTemplates',
    {
      config: { access: 'templates.read' },
      schema: {
        operationId: 'listMessageTemplates',
        tags: ['templates'],
        summary: 'Message templates of a type',
        querystring: z.strictObject({ type: z.enum(templateTypes) }),
        response: { 200: successSchema(templatesSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await templates.ofType(request.query.type);
      return {
        respCode: respCodes.ok,
        templates: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          type: row.type,
          campaignTemplateText: row.template_text,
        })),
      };
    },
  );
};
