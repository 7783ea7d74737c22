import { z } from 'zod';
import { templateTypes } from './template.rules.ts';

/**
 * What the template routes answer (the requests are in template.schema.ts): the API serialises
 * through these allowlists and the web client's calls are typed from them.
 */

/** A message template as GET campaignTemplates answers it (spec 1 §3). */
export const templateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(templateTypes),
  campaignTemplateText: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** GET campaignTemplates: the templates of one type. */
export const templatesSchema = z.object({ templates: z.array(templateSchema) });
export type Templates = z.infer<typeof templatesSchema>;
