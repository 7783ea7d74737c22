import { z } from 'zod';
import { defaultMidSilentDays } from '../branch/mid-health.rules.ts';
import { messages } from '../messages/messages';

const m = messages.productSettings;

/** Days without a transaction before a merchant ID that had some is silent (MID health, decision 0115). */
export const midSilentDaysSchema = z
  .number(m.midSilentDaysInvalid)
  .int(m.midSilentDaysInvalid)
  .min(1, m.midSilentDaysInvalid)
  .max(90, m.midSilentDaysInvalid);

/** Settings held in the database (spec 1 §3, spec 2 §3) with the defaults they start from. */
export const storedSettingsSchema = z.object({
  languages: z.array(z.string().min(2).max(10)).min(1),
  /** Seconds the summary panel waits (spec 1 §9: 5.75 when settings give none). */
  campaignOverviewDelay: z.number().positive(),
  /** Direct-debit setting: 'Mandatory' hides Skip; 'false' drops the 1% charge note. */
  autoDebit: z.enum(['Mandatory', 'true', 'false']),
  midSilentDays: midSilentDaysSchema,
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

export const defaultStoredSettings: StoredSettings = {
  languages: ['en'],
  campaignOverviewDelay: 5.75,
  autoDebit: 'true',
  midSilentDays: defaultMidSilentDays,
};

/**
 * What the system admin may change (PUT settings, Settings → Product settings): the stored settings
 * a screen edits, each optional, nothing else. The others are written at start from their defaults.
 */
export const settingsUpdateSchema = z.strictObject({ midSilentDays: midSilentDaysSchema.optional() });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
