import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { asciiBytes, gifBytes, jpeg5x3, pngBytes } from './image-file.fixtures.ts';
import {
  checkImageFile,
  imageFileMaxBytes,
  imageFileMessage,
  imageFileSchema,
  imageMaxSide,
  isFiveByThree,
  sniffImage,
} from './image-file.ts';

const text = asciiBytes;
const join = (...parts: Uint8Array[]) => {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
};
/** A 5 × 3 PNG grown to an exact byte size with zeros before its end chunk: only the size matters here. */
const pngOfSize = (bytes: number) => {
  const png = pngBytes(5, 3);
  const end = png.length - 12;
  return join(png.slice(0, end), new Uint8Array(bytes - png.length), png.slice(end));
};

describe('sniffImage reads the type and size from the bytes', () => {
  it.each([
    [
      'a PNG',
      pngBytes(5, 3),
      { type: 'png', contentType: 'image/png', extension: 'png', width: 5, height: 3 },
    ],
    ['a wide PNG', pngBytes(1000, 600), { type: 'png', width: 1000, height: 600 }],
    [
      'a GIF89a',
      gifBytes(5, 3),
      { type: 'gif', contentType: 'image/gif', extension: 'gif', width: 5, height: 3 },
    ],
    ['a JPEG', jpeg5x3, { type: 'jpeg', contentType: 'image/jpeg', extension: 'jpg', width: 5, height: 3 }],
    ['a JPEG with zero padding after its end marker', join(jpeg5x3, new Uint8Array(8)), { type: 'jpeg' }],
  ])('recognises %s', (_name, bytes, expected) => {
    expect(sniffImage(bytes)).toMatchObject(expected);
  });

  it.each([
    ['an empty file', new Uint8Array()],
    [
      'an SVG',
      text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="5" height="3"/></svg>'),
    ],
    ['an HTML page', text('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['a PDF', text('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF')],
    ['a WebP', join(text('RIFF'), new Uint8Array([0x20, 0, 0, 0]), text('WEBPVP8 '), new Uint8Array(20))],
    ['random bytes', Uint8Array.from({ length: 64 }, (_, index) => (index * 37) % 256)],
    ['a PNG cut after its signature', pngBytes(5, 3).slice(0, 8)],
    ['a PNG cut inside its header', pngBytes(5, 3).slice(0, 20)],
    ['a PNG whose end was cut off', pngBytes(5, 3).slice(0, -12)],
    ['a GIF without its trailer', gifBytes(5, 3).slice(0, -1)],
    ['a GIF cut inside its screen descriptor', gifBytes(5, 3).slice(0, 8)],
    ['a JPEG cut before its end marker', jpeg5x3.slice(0, -2)],
    ['a JPEG cut after its first marker', join(jpeg5x3.slice(0, 4), new Uint8Array([0xff, 0xd9]))],
    ['a JPEG marker only', new Uint8Array([0xff, 0xd8, 0xff, 0xd9])],
    [
      'a PNG claiming 0 × 0',
      (() => {
        const png = pngBytes(5, 3);
        png.fill(0, 16, 24);
        return png;
      })(),
    ],
    ['HTML after a GIF signature with no trailer', join(text('GIF89a'), text('<script>alert(1)</script>'))],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });

  it('judges the bytes whatever the name says: a PNG called photo.jpg is a PNG, HTML called cat.png is nothing', () => {
    const named = (name: string, bytes: Uint8Array) => ({ name, found: sniffImage(bytes)?.type ?? null });
    expect(named('photo.jpg', pngBytes(5, 3))).toEqual({ name: 'photo.jpg', found: 'png' });
    expect(named('cat.png', text('<html><script>alert(1)</script></html>'))).toEqual({
      name: 'cat.png',
      found: null,
    });
  });
});

describe('checkImageFile applies the upload rule', () => {
  it('passes a real image under the limit', () => {
    expect(checkImageFile(gifBytes(5, 3))).toMatchObject({ ok: true, image: { type: 'gif' } });
  });

  it('refuses an empty file', () => {
    expect(checkImageFile(new Uint8Array())).toEqual({ ok: false, problem: 'empty' });
  });

  it('takes a file one byte under 2,072,576 bytes and refuses one of exactly that size', () => {
    expect(imageFileMaxBytes).toBe(2_072_576);
    expect(checkImageFile(pngOfSize(imageFileMaxBytes - 1))).toMatchObject({ ok: true });
    expect(checkImageFile(pngOfSize(imageFileMaxBytes))).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('refuses bytes that are no image', () => {
    expect(checkImageFile(text('<svg/>'))).toEqual({ ok: false, problem: 'notImage' });
  });

  it(`refuses an image that claims more than ${imageMaxSide} pixels a side`, () => {
    const png = pngBytes(5, 3);
    png.set([0, 0, 0x27, 0x11], 16);
    expect(sniffImage(png)?.width).toBe(10001);
    expect(checkImageFile(png)).toEqual({ ok: false, problem: 'tooManyPixels' });
  });

  it('has a message from the catalogue for every problem', () => {
    expect(imageFileMessage('empty')).toBe(messages.asset.fileEmpty);
    expect(imageFileMessage('tooLarge')).toBe('File size must be less than 2 MB');
    expect(imageFileMessage('notImage')).toBe(messages.asset.fileNotImage);
    expect(imageFileMessage('tooManyPixels')).toBe(messages.asset.imageTooLarge(imageMaxSide));
  });
});

describe('imageFileSchema', () => {
  it('gives the bytes with the proven image', () => {
    const bytes = jpeg5x3;
    expect(imageFileSchema.parse(bytes)).toEqual({ bytes, image: expect.objectContaining({ type: 'jpeg' }) });
  });

  it("fails with the catalogue's message", () => {
    const result = imageFileSchema.safeParse(text('not an image'));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.asset.fileNotImage);
  });
});

describe('isFiveByThree', () => {
  it.each([
    [1000, 600, true],
    [5, 3, true],
    [1001, 600, true],
    [800, 480, true],
    [1000, 1000, false],
    [600, 1000, false],
    [1200, 600, false],
  ])('%i × %i is 5:3: %s', (width, height, expected) => {
    expect(isFiveByThree(width, height)).toBe(expected);
  });
});
