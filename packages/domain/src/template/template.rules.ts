import type { DiscountType } from '../campaign/campaign.rules.ts';

/**
 * Message template rules (spec 1 §3, §4, §5, §9): which templates fit a discount, the preview
 * with its placeholders filled in, the template settings' options, promo-code and image checks.
 */

export const templateTypes = ['sms', 'email', 'app'] as const;
export type TemplateType = (typeof templateTypes)[number];
/** The tab the Campaign Template screen opens on. */
export const defaultTemplateType: TemplateType = 'sms';

export const validForOptions = ['unlimited', 'one', 'two', 'three'] as const;
export type ValidFor = (typeof validForOptions)[number];
/** The default template data carries validFor 'one' (spec 1 §3). */
export const defaultValidFor: ValidFor = 'one';

export const bankOptions = ['HSBC', 'DIB'] as const;
export type Bank = (typeof bankOptions)[number];
export const defaultBank: Bank = 'DIB';

export const promoCodeModes = ['single', 'multiple'] as const;
export type PromoCodeMode = (typeof promoCodeModes)[number];
export const defaultPromoCodeMode: PromoCodeMode = 'single';

/** A promo code: letters, digits, '-' and '_', at most 50 characters. */
export const promoCodePattern = /^[A-Za-z0-9_-]{1,50}$/;

/** Email templates need at least this many image fields filled (spec 1 §5). */
export const emailTemplateMinimumImages = 2;

/** The values a preview can fill in, by the placeholder they replace. Empty values leave the placeholder. */
export interface TemplatePreviewValues {
  /** `<Discount (AED)>`: the value discount. */
  discountAmount?: string | number;
  /** `<Discount%>`: the percent discount. */
  discountPercent?: string | number;
  /** `<Business Name>` */
  businessName?: string;
  /** `<Spend>` and `<Minimum Spend>` */
  spend?: string | number;
  /** `<Valid Until>` */
  validUntil?: string;
  /** `<Valid For>` */
  validFor?: string;
  /** `<bank>` */
  bank?: string;
  /** `<Landing Page>` */
  landingPage?: string;
  /** `<Top Image>` */
  topImage?: string;
  /** `<Bottom Image>` */
  bottomImage?: string;
  /** `<promo code>` */
  promoCode?: string;
  /** Custom `<Field>` placeholders by name; also a fallback for the named ones above. */
  fields?: Readonly<Record<string, string | undefined>>;
}

type KnownValue = Exclude<keyof TemplatePreviewValues, 'fields'>;

/** The spec's placeholders as templates write them, and the value each takes. */
export const knownPlaceholders: Readonly<Record<string, KnownValue>> = {
  'Discount (AED)': 'discountAmount',
  'Discount%': 'discountPercent',
  'Business Name': 'businessName',
  Spend: 'spend',
  'Minimum Spend': 'spend',
  'Valid Until': 'validUntil',
  'Valid For': 'validFor',
  bank: 'bank',
  'Landing Page': 'landingPage',
  'Top Image': 'topImage',
  'Bottom Image': 'bottomImage',
  'promo code': 'promoCode',
};

/**
 * Placeholders compare without spaces and case, so '<Discount %>' is '<Discount%>' and '<Bank>'
 * is '<bank>'.
 */
export function placeholderKey(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

const knownByKey = new Map(
  Object.entries(knownPlaceholders).map(([name, value]) => [placeholderKey(name), value]),
);

const anglePattern = /<([^<>\n]{1,60})>/g;

/**
 * A `<...>` is a placeholder when it names a known one or starts with a capital letter (custom
 * fields such as '<Offer Details>'); lower-case text such as '<br>' or '</p>' is markup.
 */
function isPlaceholderName(name: string): boolean {
  return knownByKey.has(placeholderKey(name)) || /^[A-Z][A-Za-z0-9 %()&'_-]*$/.test(name.trim());
}

/** The placeholders of a template text as written, each once, in order of appearance. */
export function placeholdersOf(text: string): string[] {
  const seen = new Map<string, string>();
  for (const match of text.matchAll(anglePattern)) {
    const name = (match[1] ?? '').trim();
    if (isPlaceholderName(name) && !seen.has(placeholderKey(name))) seen.set(placeholderKey(name), name);
  }
  return [...seen.values()];
}

/** The custom placeholders of a template: those the Campaign Settings form asks for by name. */
export function customFieldsOf(text: string): string[] {
  return placeholdersOf(text).filter((name) => !knownByKey.has(placeholderKey(name)));
}

function hasPlaceholder(text: string, name: string): boolean {
  const key = placeholderKey(name);
  return placeholdersOf(text).some((found) => placeholderKey(found) === key);
}

/**
 * Templates that fit the discount (spec 1 §5): a value discount (dv) only those containing
 * '<Discount (AED)>'; a percent discount (dp, and ss whose discount is a percent) only those
 * containing '<Discount%>'.
 */
export function templatesForDiscount<T extends { campaignTemplateText: string }>(
  templates: readonly T[],
  discountType: DiscountType,
): T[] {
  const needed = discountType === 'dv' ? 'Discount (AED)' : 'Discount%';
  return templates.filter((template) => hasPlaceholder(template.campaignTemplateText, needed));
}

function present(value: string | number | undefined): value is string | number {
  return value !== undefined && String(value).trim() !== '';
}

/** A piece of a rendered preview: text, or an image field's chosen image (its address). */
export type TemplatePreviewPart =
  { kind: 'text'; text: string } | { kind: 'image'; field: string; src: string };

/**
 * The live preview as parts: every placeholder with a value is replaced by it, an image field's
 * value becomes an image part; a placeholder without a value, and any unknown one, stays visible
 * as written, so the user sees what is left to fill in. The message saved with the campaign
 * (`unfilled: 'drop'`) has them removed instead: a cardholder must never read '<Landing Page>'
 * (the landing page is only mandatory for online offers). Text parts are plain text:
 * escape them before placing them in HTML.
 */
export function templatePreviewParts(
  text: string,
  values: TemplatePreviewValues,
  options: { unfilled?: 'keep' | 'drop' } = {},
): TemplatePreviewPart[] {
  const dropUnfilled = options.unfilled === 'drop';
  const fields = new Map(
    Object.entries(values.fields ?? {}).map(([name, value]) => [placeholderKey(name), value]),
  );
  const parts: TemplatePreviewPart[] = [];
  const pushText = (piece: string) => {
    if (piece === '') return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  let position = 0;
  for (const match of text.matchAll(anglePattern)) {
    const whole = match[0];
    const name = (match[1] ?? '').trim();
    pushText(text.slice(position, match.index));
    position = match.index + whole.length;
    if (!isPlaceholderName(name)) {
      pushText(whole);
      continue;
    }
    const key = placeholderKey(name);
    const known = knownByKey.get(key);
    const namedValue = known === undefined ? undefined : values[known];
    const value = present(namedValue) ? String(namedValue) : fields.get(key);
    if (!present(value)) pushText(dropUnfilled ? '' : whole);
    else if (isImageField(name)) parts.push({ kind: 'image', field: name, src: String(value) });
    else pushText(String(value));
  }
  pushText(text.slice(position));
  return parts;
}

/** The live preview as one text, an image field showing its image's address. */
export function renderTemplatePreview(text: string, values: TemplatePreviewValues): string {
  return templatePreviewParts(text, values)
    .map((part) => (part.kind === 'text' ? part.text : part.src))
    .join('');
}

/**
 * The message as saved with the campaign: the preview with every unfilled placeholder removed,
 * and the spaces and empty lines a removed one leaves behind tidied away.
 */
export function renderSavedMessage(text: string, values: TemplatePreviewValues): string {
  return templatePreviewParts(text, values, { unfilled: 'drop' })
    .map((part) => (part.kind === 'text' ? part.text : part.src))
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t]{2,}/g, ' ').trimEnd())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}

/** Multiple promo codes must number at least 1.2 × the expected reach, rounded up (spec 1 §5). */
export function promoCodeMinimum(expectedReach: number): number {
  if (!Number.isFinite(expectedReach) || expectedReach <= 0) return 0;
  // Whole numbers: 6/5 keeps the arithmetic exact where 1.2 × n would not (1.2 × 5 = 6.000…01).
  return Math.ceil((Math.ceil(expectedReach) * 6) / 5);
}

/** An image field: '<Top Image>', '<Bottom Image>' or any custom field whose name ends in 'Image'. */
export function isImageField(name: string): boolean {
  return /image$/i.test(name.trim());
}

/** Email templates need at least two image fields filled (spec 1 §5: 'Please Select at least two Images'). */
export function emailTemplateImagesValid(fields: Readonly<Record<string, string | undefined>>): boolean {
  const filled = Object.entries(fields).filter(
    ([name, value]) => isImageField(name) && value !== undefined && value.trim() !== '',
  );
  return filled.length >= emailTemplateMinimumImages;
}

/** A template entry as a campaign stores it (template.schema.ts campaignTemplateEntrySchema). */
interface SavedTemplateEntry {
  type: TemplateType;
  templateId: string;
  preview: string;
  fields?: Readonly<Record<string, string>>;
}

/**
 * The template step's settings as a saved campaign left them: each tab's template and fields, the
 * bank and 'Valid For' (saved in every entry's fields), and the promo code. Editing starts from
 * these, so Submit changes only what the user changed.
 */
export function savedTemplateSettingsOf(saved: {
  templates?: readonly SavedTemplateEntry[];
  promoCode?: { mode: PromoCodeMode; code?: string };
}) {
  const entries = saved.templates ?? [];
  const attachments: Partial<
    Record<TemplateType, { templateId: string; fields: Record<string, string>; savedPreview: string }>
  > = {};
  for (const entry of entries) {
    const { 'Valid For': _validFor, bank: _bank, ...fields } = entry.fields ?? {};
    attachments[entry.type] = { templateId: entry.templateId, fields, savedPreview: entry.preview };
  }
  const first = entries[0]?.fields ?? {};
  return {
    attachments,
    bank: first.bank ?? defaultBank,
    validFor: first['Valid For'] ?? defaultValidFor,
    promoMode: saved.promoCode?.mode ?? defaultPromoCodeMode,
    promoCode: saved.promoCode?.code ?? '',
  };
}
