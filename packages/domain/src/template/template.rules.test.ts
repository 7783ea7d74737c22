import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  renderSavedMessage,
  savedTemplateSettingsOf,
  bankOptions,
  customFieldsOf,
  defaultBank,
  defaultValidFor,
  emailTemplateImagesValid,
  placeholdersOf,
  promoCodeMinimum,
  renderTemplatePreview,
  templatePreviewParts,
  templatesForDiscount,
  validForOptions,
} from './template.rules.ts';
import { templateSchema } from './template-response.schema.ts';
import { campaignTemplateEntrySchema, promoCodeSchema } from './template.schema.ts';

const valueTemplate = {
  _id: 't1',
  name: 'Value off',
  campaignTemplateText: 'Get <Discount (AED)> AED off at <Business Name> when you spend <Minimum Spend>.',
};
const percentTemplate = {
  _id: 't2',
  name: 'Percent off',
  campaignTemplateText: '<Discount%> off at <Business Name>, valid until <Valid Until>.',
};
const spacedPercentTemplate = { _id: 't3', name: 'Spaced', campaignTemplateText: 'Save <Discount %> today' };
const bothTemplate = { _id: 't4', name: 'Both', campaignTemplateText: '<Discount%> or <Discount (AED)> off' };
const neitherTemplate = { _id: 't5', name: 'Neither', campaignTemplateText: 'Visit <Business Name>' };
const templates = [valueTemplate, percentTemplate, spacedPercentTemplate, bothTemplate, neitherTemplate];

describe('templatesForDiscount', () => {
  it.each([
    { discountType: 'dv', ids: ['t1', 't4'], why: 'a value discount shows templates with <Discount (AED)>' },
    {
      discountType: 'dp',
      ids: ['t2', 't3', 't4'],
      why: 'a percent discount shows templates with <Discount%>',
    },
    { discountType: 'ss', ids: ['t2', 't3', 't4'], why: 'a spread discount is a percent too' },
  ] as const)('$discountType: $ids ($why)', ({ discountType, ids }) => {
    expect(templatesForDiscount(templates, discountType).map((template) => template._id)).toEqual(ids);
  });

  it('keeps the order and the objects it is given', () => {
    expect(templatesForDiscount(templates, 'dv')[0]).toBe(valueTemplate);
  });

  it('answers nothing for no templates', () => {
    expect(templatesForDiscount([], 'dp')).toEqual([]);
  });
});

describe('renderTemplatePreview', () => {
  it.each([
    { text: '<Discount (AED)> off', values: { discountAmount: 10 }, preview: '10 off' },
    { text: '<Discount%> off', values: { discountPercent: '15%' }, preview: '15% off' },
    { text: 'at <Business Name>', values: { businessName: 'Green Fork' }, preview: 'at Green Fork' },
    { text: 'spend <Spend>', values: { spend: '£50.00' }, preview: 'spend £50.00' },
    { text: 'spend <Minimum Spend>', values: { spend: '£50.00' }, preview: 'spend £50.00' },
    { text: 'until <Valid Until>', values: { validUntil: '03/2026' }, preview: 'until 03/2026' },
    { text: 'valid for <Valid For>', values: { validFor: 'one' }, preview: 'valid for one' },
    { text: 'with <bank>', values: { bank: 'DIB' }, preview: 'with DIB' },
    { text: 'with <Bank>', values: { bank: 'HSBC' }, preview: 'with HSBC' },
    { text: 'at <Landing Page>', values: { landingPage: 'https://x.test' }, preview: 'at https://x.test' },
    {
      text: '<Top Image>|<Bottom Image>',
      values: { topImage: 'a.png', bottomImage: 'b.png' },
      preview: 'a.png|b.png',
    },
    { text: 'code <promo code>', values: { promoCode: 'SPRING26' }, preview: 'code SPRING26' },
    { text: 'Save <Discount %>', values: { discountPercent: '15%' }, preview: 'Save 15%' },
    { text: '<Offer Details> apply', values: { fields: { 'Offer Details': 'T&Cs' } }, preview: 'T&Cs apply' },
    {
      text: '<Top Image>',
      values: { fields: { 'Top Image': 'from-fields.png' } },
      preview: 'from-fields.png',
    },
  ])('fills "$text" to read "$preview"', ({ text, values, preview }) => {
    expect(renderTemplatePreview(text, values)).toBe(preview);
  });

  it.each([
    { text: 'at <Business Name>', values: {}, why: 'no value' },
    { text: 'at <Business Name>', values: { businessName: '  ' }, why: 'a blank value' },
    { text: 'use <Secret Field>', values: { fields: { Other: 'x' } }, why: 'an unknown placeholder' },
    { text: 'a<br>b</p>', values: { businessName: 'x' }, why: 'markup' },
    { text: '1 < 2 and 3 > 2', values: {}, why: 'angle brackets that are not a placeholder' },
  ])('leaves "$text" as written ($why)', ({ text, values }) => {
    expect(renderTemplatePreview(text, values)).toBe(text);
  });

  it('fills every occurrence of a placeholder', () => {
    expect(renderTemplatePreview('<bank> and <bank>', { bank: 'DIB' })).toBe('DIB and DIB');
  });

  it('fills a whole template', () => {
    expect(
      renderTemplatePreview(valueTemplate.campaignTemplateText, {
        discountAmount: 10,
        businessName: 'Green Fork',
        spend: 50,
      }),
    ).toBe('Get 10 AED off at Green Fork when you spend 50.');
  });
});

describe('templatePreviewParts', () => {
  const text = '<Top Image>Hello <Business Name>, <Discount%> off<Bottom Image>';

  it('turns filled image fields into image parts between the text', () => {
    expect(
      templatePreviewParts(text, {
        businessName: 'Green Fork',
        discountPercent: '15%',
        topImage: '/api/files/a/top.png',
        fields: { 'Bottom Image': '/api/files/b/bottom.png' },
      }),
    ).toEqual([
      { kind: 'image', field: 'Top Image', src: '/api/files/a/top.png' },
      { kind: 'text', text: 'Hello Green Fork, 15% off' },
      { kind: 'image', field: 'Bottom Image', src: '/api/files/b/bottom.png' },
    ]);
  });

  it('leaves an image field without an image as its placeholder text', () => {
    expect(templatePreviewParts('A <Top Image> B', {})).toEqual([{ kind: 'text', text: 'A <Top Image> B' }]);
  });

  it('keeps markup-like text as text', () => {
    expect(templatePreviewParts('a<br>b', {})).toEqual([{ kind: 'text', text: 'a<br>b' }]);
  });
});

describe('placeholdersOf and customFieldsOf', () => {
  const text = 'Hi <Business Name>, <Offer Details> <br> <Discount%> <Business Name> <Hero Image>';

  it('lists each placeholder once, in order, leaving markup out', () => {
    expect(placeholdersOf(text)).toEqual(['Business Name', 'Offer Details', 'Discount%', 'Hero Image']);
  });

  it('lists the custom fields the settings form asks for', () => {
    expect(customFieldsOf(text)).toEqual(['Offer Details', 'Hero Image']);
  });
});

describe('template settings options', () => {
  it('offers valid for unlimited, one, two or three', () => {
    expect(validForOptions).toEqual(['unlimited', 'one', 'two', 'three']);
  });

  it('offers the banks HSBC and DIB, DIB first chosen', () => {
    expect(bankOptions).toEqual(['HSBC', 'DIB']);
    expect(defaultBank).toBe('DIB');
  });
});

describe('promoCodeMinimum', () => {
  it.each([
    { reach: 0, minimum: 0, why: 'no reach needs no codes' },
    { reach: 1, minimum: 2, why: '1.2 rounds up' },
    { reach: 5, minimum: 6, why: 'exactly 6, not 7 (1.2 × 5 is 6.000…01 in floating point)' },
    { reach: 10, minimum: 12, why: 'exactly 12' },
    { reach: 50_173, minimum: 60_208, why: '60,207.6 rounds up' },
    { reach: 100.2, minimum: 122, why: 'a fractional reach counts as the next whole cardholder' },
    { reach: -3, minimum: 0, why: 'a negative reach needs none' },
  ])('a reach of $reach needs $minimum codes ($why)', ({ reach, minimum }) => {
    expect(promoCodeMinimum(reach)).toBe(minimum);
  });
});

describe('emailTemplateImagesValid', () => {
  it.each([
    { fields: { 'Top Image': 'a.png', 'Bottom Image': 'b.png' }, valid: true, why: 'both images' },
    {
      fields: { 'Top Image': 'a.png', 'Hero Image': 'c.png' },
      valid: true,
      why: 'a custom image field counts',
    },
    { fields: { 'Top Image': 'a.png' }, valid: false, why: 'one image' },
    { fields: { 'Top Image': 'a.png', 'Bottom Image': '' }, valid: false, why: 'an empty image' },
    { fields: { 'Top Image': 'a.png', 'Bottom Image': '  ' }, valid: false, why: 'a blank image' },
    {
      fields: { 'Top Image': 'a.png', 'Landing Page': 'https://x.test' },
      valid: false,
      why: 'a field that is not an image',
    },
    { fields: {}, valid: false, why: 'no fields' },
  ])('$why: $valid', ({ fields, valid }) => {
    expect(emailTemplateImagesValid(fields)).toBe(valid);
  });
});

describe('template schemas', () => {
  const templateId = '6ba7b810-9dad-41d1-80b4-00c04fd430c8';

  it('reads a template as the list answers it', () => {
    const template = { _id: 'x', name: 'SMS one', type: 'sms', campaignTemplateText: 'Hi <Business Name>' };
    expect(templateSchema.parse(template)).toEqual(template);
  });

  it('accepts an sms entry without fields', () => {
    expect(campaignTemplateEntrySchema.parse({ type: 'sms', templateId, preview: 'Hi' })).toEqual({
      type: 'sms',
      templateId,
      preview: 'Hi',
      fields: {},
    });
  });

  it('asks an email entry for two images', () => {
    const result = campaignTemplateEntrySchema.safeParse({
      type: 'email',
      templateId,
      preview: 'Hi',
      fields: {},
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please Select at least two Images']);
  });

  it.each([
    { promo: { mode: 'single', code: ' SPRING26 ' }, ok: true },
    { promo: { mode: 'multiple' }, ok: true },
    { promo: { mode: 'single' }, ok: false },
    { promo: { mode: 'single', code: '' }, ok: false },
    { promo: { mode: 'single', code: 'X'.repeat(51) }, ok: false },
    { promo: { mode: 'multiple', code: 'X1' }, ok: false },
    { promo: { mode: 'many' }, ok: false },
  ])('promo code $promo is accepted: $ok', ({ promo, ok }) => {
    expect(promoCodeSchema.safeParse(promo).success).toBe(ok);
  });

  it('trims a single promo code', () => {
    expect(promoCodeSchema.parse({ mode: 'single', code: ' SPRING26 ' }).code).toBe('SPRING26');
  });
});

describe('the template step when editing a saved campaign', () => {
  it('starts from the saved templates, fields, bank, Valid For and promo code', () => {
    const settings = savedTemplateSettingsOf({
      templates: [
        {
          type: 'sms',
          templateId: 'sms-1',
          preview: '15% off at Green Fork',
          fields: { 'Landing Page': 'https://greenfork.test', 'Valid For': 'two', bank: 'HSBC' },
        },
        {
          type: 'email',
          templateId: 'email-1',
          preview: 'Hello',
          fields: { 'Top Image': 'top.png', 'Bottom Image': 'bottom.png', 'Valid For': 'two', bank: 'HSBC' },
        },
      ],
      promoCode: { mode: 'single', code: 'KEEP15' },
    });

    expect(settings).toEqual({
      attachments: {
        sms: {
          templateId: 'sms-1',
          fields: { 'Landing Page': 'https://greenfork.test' },
          savedPreview: '15% off at Green Fork',
        },
        email: {
          templateId: 'email-1',
          fields: { 'Top Image': 'top.png', 'Bottom Image': 'bottom.png' },
          savedPreview: 'Hello',
        },
      },
      bank: 'HSBC',
      validFor: 'two',
      promoMode: 'single',
      promoCode: 'KEEP15',
    });
  });

  it('starts from the defaults for a campaign without templates or promo code', () => {
    expect(savedTemplateSettingsOf({})).toEqual({
      attachments: {},
      bank: defaultBank,
      validFor: defaultValidFor,
      promoMode: 'single',
      promoCode: '',
    });
  });

  it('keeps multiple mode, whose codes stay on the server', () => {
    expect(savedTemplateSettingsOf({ promoCode: { mode: 'multiple' } })).toMatchObject({
      promoMode: 'multiple',
      promoCode: '',
    });
  });
});

describe('the message saved with a campaign', () => {
  const sms =
    'Hi from <bank>! Get <Discount%> off at <Business Name> when you pay with your card. Valid until <Valid Until>. <Landing Page>';

  it('leaves out a placeholder with no value, such as an in-store offer without a landing page', () => {
    expect(
      renderSavedMessage(sms, {
        bank: 'DIB',
        discountPercent: '15%',
        businessName: 'Green Fork',
        validUntil: 'June 2031',
      }),
    ).toBe('Hi from DIB! Get 15% off at Green Fork when you pay with your card. Valid until June 2031.');
  });

  it('fills the landing page when there is one', () => {
    expect(renderSavedMessage('Book at <Landing Page> now', { landingPage: 'https://greenfork.test' })).toBe(
      'Book at https://greenfork.test now',
    );
  });

  it('tidies the space and the empty line a removed placeholder leaves', () => {
    expect(renderSavedMessage('<Top Image>\nDear <Offer Name> cardholder,\n<Landing Page>\n\nBye', {})).toBe(
      'Dear cardholder,\n\nBye',
    );
  });

  it('keeps markup and text in angle brackets that is no placeholder', () => {
    expect(renderSavedMessage('Tap <b>here</b> <Landing Page>', {})).toBe('Tap <b>here</b>');
  });

  it('is refused by the server when a placeholder is still in it', () => {
    const result = campaignTemplateEntrySchema.safeParse({
      type: 'sms',
      templateId: '00000000-0000-4000-8000-000000000001',
      preview: 'Get 15% off. <Landing Page>',
      fields: {},
    });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      messages.campaign.messageHasPlaceholders(['Landing Page']),
    ]);
  });
});
