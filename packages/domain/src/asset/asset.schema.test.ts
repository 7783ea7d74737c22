import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { assetIdOfUrl, copyTextFormSchema, fileUrl, templateImageUrls } from './asset.schema.ts';

const id = '3f2b8c1e-7d4a-4e5b-9c6d-0a1b2c3d4e5f';

describe('file addresses', () => {
  it('reads back the asset id of an address the file route serves', () => {
    expect(assetIdOfUrl(fileUrl(id, 'campaign-0123456789ab.png'))).toBe(id);
  });

  it.each([
    'https://tracker.example/pixel.gif',
    `/api/files/${id}/../../admin`,
    `https://evil.example/api/files/${id}/creative-0123456789ab.png`,
    'top.png',
    '',
  ])('finds no asset in %j', (url) => {
    expect(assetIdOfUrl(url)).toBeNull();
  });
});

describe('templateImageUrls', () => {
  it('collects every filled image field of every entry, and nothing else', () => {
    expect(
      templateImageUrls([
        { fields: { 'Top Image': ' /a.png ', 'Bottom Image': '', 'Landing Page': 'https://x.test' } },
        { fields: { 'Hero Image': '/b.png' } },
        {},
      ]),
    ).toEqual(['/a.png', '/b.png']);
  });
});

describe('copyTextFormSchema', () => {
  it('takes 200 and 100 characters, trimmed', () => {
    expect(
      copyTextFormSchema.parse({ copy: ` ${'x'.repeat(200)} `, additionalCopy: 'y'.repeat(100) }),
    ).toEqual({
      copy: 'x'.repeat(200),
      additionalCopy: 'y'.repeat(100),
    });
  });

  it('refuses more, with the messages of the catalogue', () => {
    const result = copyTextFormSchema.safeParse({ copy: 'x'.repeat(201), additionalCopy: 'y'.repeat(101) });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      messages.asset.copyMax,
      messages.asset.additionalCopyMax,
    ]);
  });
});
