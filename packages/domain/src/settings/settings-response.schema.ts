import { z } from 'zod';
import { storedSettingsSchema } from './settings.schema.ts';

/**
 * What the settings routes answer (the stored settings are in settings.schema.ts): the API
 * serialises through these allowlists and the web client's calls are typed from them.
 */

/** The stored settings plus those the server is started with. */
export const publicSettingsSchema = storedSettingsSchema.extend({
  timezone: z.string(),
  sessionIdleMinutes: z.number().positive(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** GET settings. */
export const settingsAnswerSchema = z.object({ settings: publicSettingsSchema });
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

/** GET settings/setLanguage: the language chosen. */
export const languageSetSchema = z.object({ language: z.string() });
