import { z } from 'zod';
import { whenObject } from '../auth/auth.schema.ts';
import { messages } from '../messages/messages.ts';
import {
  emailTemplateImagesValid,
  placeholdersOf,
  promoCodeModes,
  promoCodePattern,
  templateTypes,
} from './template.rules.ts';

const m = messages.campaign;

/**
 * A template attached to a campaign (spec 1 §3 'Submitted template entries'): its type, the
 * template chosen, the rendered preview and the values of its fields by placeholder name
 * ('Top Image', 'Landing Page', custom fields…). An email needs at least two image fields.
 */
export const campaignTemplateEntrySchema = z
  .strictObject({
    type: z.enum(templateTypes),
    templateId: z.uuid({ error: messages.validation.invalidValue }),
    preview: z.string().max(20_000, messages.validation.tooLong),
    fields: z
      .record(z.string().trim().min(1).max(100), z.string().max(2_000, messages.validation.tooLong))
      .default({}),
  })
  .superRefine(
    (entry, ctx) => {
      const preview = (entry as { preview?: unknown }).preview;
      const left = typeof preview === 'string' ? placeholdersOf(preview) : [];
      if (left.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['preview'], message: m.messageHasPlaceholders(left) });
      }
      const fields = (entry as { fields?: unknown }).fields;
      if (entry.type !== 'email' || typeof fields !== 'object' || fields === null) return;
      if (!emailTemplateImagesValid(fields as Record<string, string>)) {
        ctx.addIssue({ code: 'custom', path: ['fields'], message: m.selectTwoImages });
      }
    },
    { when: whenObject },
  );
export type CampaignTemplateEntry = z.output<typeof campaignTemplateEntrySchema>;
export type CampaignTemplateEntryInput = z.input<typeof campaignTemplateEntrySchema>;

/**
 * The promo code choice of the template step: one code typed in ('single'), or many uploaded as a
 * CSV after the campaign is created ('multiple', no code here).
 */
export const promoCodeSchema = z
  .strictObject({
    mode: z.enum(promoCodeModes),
    code: z.string().trim().optional(),
  })
  .superRefine(
    (promo, ctx) => {
      const code = (promo as { code?: unknown }).code;
      if (promo.mode === 'single') {
        if (code === undefined || code === '') {
          ctx.addIssue({ code: 'custom', path: ['code'], message: m.promoCodeRequired });
        } else if (typeof code === 'string' && !promoCodePattern.test(code)) {
          ctx.addIssue({ code: 'custom', path: ['code'], message: m.promoCodeInvalid });
        }
      }
      if (promo.mode === 'multiple' && code !== undefined && code !== '') {
        ctx.addIssue({ code: 'custom', path: ['code'], message: m.promoCodeNotExpected });
      }
    },
    { when: whenObject },
  );
export type PromoCode = z.output<typeof promoCodeSchema>;
