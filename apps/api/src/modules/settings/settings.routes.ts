import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import { languageSetSchema, settingsAnswerSchema } from '@krowd/domain/settings/settings-response.schema';
import type { Config } from '../../config.ts';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { invalidField } from '../../http/errors.ts';
import type { SettingsRepository } from './settings.repository.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsRepository; config: Config }> = async (
  app,
  { settings, config },
) => {
  app.get(
    '/settings',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSettings',
        tags: ['settings'],
        summary: 'Product settings: languages, timezone, summary delay, direct-debit mode, idle timeout',
        response: { 200: successSchema(settingsAnswerSchema.shape), ...errorResponses },
      },
    },
    async () => ({
      respCode: respCodes.ok,
      settings: {
        ...(await settings.read()),
        timezone: config.timezone,
        sessionIdleMinutes: config.session.idleMs / 60_000,
      },
    }),
  );

  app.get(
    '/settings/setLanguage',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'setLanguage',
        tags: ['settings'],
        summary: 'Choose the language (only en is offered)',
        querystring: z.strictObject({ lang: z.string().min(2).max(10) }),
        response: { 200: successSchema(languageSetSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const { languages } = await settings.read();
      if (!languages.includes(request.query.lang)) {
        throw invalidField('lang', messages.validation.invalidValue);
      }
      return { respCode: respCodes.ok, respMessage: messages.auth.languageSet, language: request.query.lang };
    },
  );
};
