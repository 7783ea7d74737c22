import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import { languageSetSchema, settingsAnswerSchema } from '@krowd/domain/settings/settings-response.schema';
import { settingsUpdateSchema } from '@krowd/domain/settings/settings.schema';
import type { Config } from '../../config.ts';
import { errorResponses, respCodes, successSchema } from '../../http/envelope.ts';
import { invalidField } from '../../http/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import type { SettingsRepository } from './settings.repository.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsRepository;
  service: SettingsService;
  config: Config;
}> = async (app, { settings, service, config }) => {
  const answer = async () => ({
    ...(await settings.read()),
    timezone: config.timezone,
    sessionIdleMinutes: config.session.idleMs / 60_000,
  });

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
    async () => ({ respCode: respCodes.ok, settings: await answer() }),
  );

  app.put(
    '/settings',
    {
      config: { access: 'settings.manage' },
      schema: {
        operationId: 'updateSettings',
        tags: ['settings'],
        summary:
          'Change stored settings (the system admin): midSilentDays; each change is recorded in the audit log',
        body: settingsUpdateSchema,
        response: { 200: successSchema(settingsAnswerSchema.shape), ...errorResponses },
      },
    },
    async (request) => {
      const { changed } = await service.update(callerOf(request), request.body);
      return {
        respCode: respCodes.updated,
        respMessage: changed ? messages.productSettings.saved : messages.productSettings.unchanged,
        settings: await answer(),
      };
    },
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
