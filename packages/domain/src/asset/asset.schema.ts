import { z } from 'zod';
import { pageQuerySchema } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';
import { isImageField } from '../template/template.rules.ts';

const m = messages.asset;

/**
 * Creative assets (spec 2 §2.7, §3): images a brand (or a bank) keeps in its Media Library,
 * images uploaded for a campaign's template, and profile photos; and a brand's copy texts.
 */
export const assetKinds = ['creative', 'campaign', 'avatar'] as const;
export type AssetKind = (typeof assetKinds)[number];

/** The Media Library shows 10 images a page (spec 2 §2.7, §9). */
export const creativesPageSize = 10;

export const copyLength = { copy: 200, additionalCopy: 100 } as const;

/** The Copy form (spec 2 §5): copy at most 200 characters, additional copy at most 100. */
export const copyTextFormSchema = z.strictObject({
  copy: z.string().trim().max(copyLength.copy, m.copyMax),
  additionalCopy: z.string().trim().max(copyLength.additionalCopy, m.additionalCopyMax),
});
export type CopyTextForm = z.infer<typeof copyTextFormSchema>;

/** POST brands/createCopyText (spec 2 §7): brandId, copy, additionalCopy. */
export const createCopyTextSchema = copyTextFormSchema.extend({
  brandId: z.uuid({ error: m.brandRequired }),
});

/** Whose library: a brand's (group roles name one of their group's brands); banks have their own. */
export const ownerQuerySchema = z.strictObject({
  brandId: z.uuid({ error: m.brandRequired }).optional(),
});

export const creativesListQuerySchema = pageQuerySchema
  .extend({
    limit: pageQuerySchema.shape.limit.pipe(z.number().max(50)),
    brandId: ownerQuerySchema.shape.brandId,
  })
  .strict();

const filePath = /^\/api\/files\/([0-9a-f-]{36})\/([\w.-]+)$/;

/** The address the file route serves an asset at. */
export function fileUrl(id: string, fileName: string): string {
  return `/api/files/${id}/${fileName}`;
}

/** The asset id in a file route address, or null for any other text. */
export function assetIdOfUrl(url: string): string | null {
  return filePath.exec(url.trim())?.[1] ?? null;
}

/** The image addresses a campaign's templates hold: every filled image field of every entry. */
export function templateImageUrls(
  templates: readonly { fields?: Readonly<Record<string, string | undefined>> }[],
): string[] {
  return templates.flatMap((entry) =>
    Object.entries(entry.fields ?? {})
      .filter(([name, value]) => isImageField(name) && value !== undefined && value.trim() !== '')
      .map(([, value]) => value!.trim()),
  );
}
