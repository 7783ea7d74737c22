import { z } from 'zod';
import { messages } from '../messages/messages.ts';

/**
 * Image files judged by their bytes, never by their name or the type a browser claims.
 * png, gif and jpeg only (spec 2 §5), recognised by their magic numbers; the width and height
 * come from the headers (PNG IHDR, GIF logical screen, JPEG start-of-frame), parsed here so the
 * browser and the server run the same few lines and no decoder ever touches an upload.
 */

/** Each file must be under 2,072,576 bytes (spec 2 §5, §9): 'File size must be less than 2 MB'. */
export const imageFileMaxBytes = 2_072_576;
/** Larger sides are refused: a small file may claim a huge canvas that hangs a viewer's browser. */
export const imageMaxSide = 8000;
/** The crop ratio and its default output (spec 2 §4, §9; spec 1 §9). */
export const imageAspect = { width: 5, height: 3 } as const;
export const cropOutput = { width: 1000, height: 600 } as const;

export const imageTypes = ['png', 'gif', 'jpeg'] as const;
export type ImageType = (typeof imageTypes)[number];

export const imageContentTypes = {
  png: 'image/png',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
} as const satisfies Record<ImageType, string>;
export type ImageContentType = (typeof imageContentTypes)[ImageType];

export const imageExtensions = { png: 'png', gif: 'gif', jpeg: 'jpg' } as const satisfies Record<
  ImageType,
  string
>;

/** What a picker may offer (the server still judges the bytes). */
export const imageAccept = Object.values(imageContentTypes);

export interface ImageInfo {
  type: ImageType;
  contentType: ImageContentType;
  extension: (typeof imageExtensions)[ImageType];
  width: number;
  height: number;
}

export type ImageFileProblem = 'empty' | 'tooLarge' | 'notImage' | 'tooManyPixels';
export type ImageFileCheck = { ok: true; image: ImageInfo } | { ok: false; problem: ImageFileProblem };

const info = (type: ImageType, width: number, height: number): ImageInfo | null =>
  width > 0 && height > 0
    ? { type, contentType: imageContentTypes[type], extension: imageExtensions[type], width, height }
    : null;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const pngIhdr = [0x49, 0x48, 0x44, 0x52] as const;
/** A PNG ends with the empty IEND chunk and its fixed CRC. */
const pngEnd = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82] as const;

function sniffPng(bytes: Uint8Array): ImageInfo | null {
  if (
    !startsWith(bytes, pngSignature) ||
    !startsWith(bytes, pngIhdr, 12) ||
    bytes.length < 24 + pngEnd.length
  ) {
    return null;
  }
  if (!startsWith(bytes, pngEnd, bytes.length - pngEnd.length)) return null;
  return info('png', u32be(bytes, 16), u32be(bytes, 20));
}

const gif87a = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] as const;
const gif89a = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] as const;
const gifTrailer = 0x3b;

function sniffGif(bytes: Uint8Array): ImageInfo | null {
  if (!(startsWith(bytes, gif87a) || startsWith(bytes, gif89a)) || bytes.length < 11) return null;
  if (bytes[bytes.length - 1] !== gifTrailer) return null;
  return info('gif', u16le(bytes, 6), u16le(bytes, 8));
}

/** Start-of-frame markers carry the size: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers that stand alone, with no length after them. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
const startOfScan = 0xda;

/** A JPEG ends with the end-of-image marker FF D9 (some writers pad zero bytes after it). */
function jpegIsComplete(bytes: Uint8Array): boolean {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end -= 1;
  return end >= 4 && bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}

function sniffJpeg(bytes: Uint8Array): ImageInfo | null {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff]) || !jpegIsComplete(bytes)) return null;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (isStandalone(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return null;
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return info('jpeg', u16be(bytes, at + 7), u16be(bytes, at + 5));
    }
    if (marker === startOfScan) return null;
    at += 2 + length;
  }
  return null;
}

/** The image type and size the bytes prove, or null when they are not a whole png, gif or jpeg. */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  return sniffPng(bytes) ?? sniffGif(bytes) ?? sniffJpeg(bytes);
}

/** The whole upload rule: not empty, under the byte limit, a real image of a sane size. */
export function checkImageFile(bytes: Uint8Array): ImageFileCheck {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (bytes.length >= imageFileMaxBytes) return { ok: false, problem: 'tooLarge' };
  const image = sniffImage(bytes);
  if (!image) return { ok: false, problem: 'notImage' };
  if (image.width > imageMaxSide || image.height > imageMaxSide)
    return { ok: false, problem: 'tooManyPixels' };
  return { ok: true, image };
}

/** The message for each problem, from the catalogue. */
export function imageFileMessage(problem: ImageFileProblem): string {
  const m = messages.asset;
  switch (problem) {
    case 'empty':
      return m.fileEmpty;
    case 'tooLarge':
      return m.fileTooLarge;
    case 'notImage':
      return m.fileNotImage;
    case 'tooManyPixels':
      return m.imageTooLarge(imageMaxSide);
  }
}

/** True when width:height is 5:3 to within one pixel of rounding. */
export function isFiveByThree(width: number, height: number): boolean {
  return Math.abs(width * imageAspect.height - height * imageAspect.width) <= imageAspect.width;
}

/**
 * A zod schema for the bytes of an image upload: passes the bytes through and adds the proven
 * image as `{ bytes, image }`, or fails with the catalogue's message for the first problem.
 */
export const imageFileSchema = z.instanceof(Uint8Array).transform((bytes, context) => {
  const checked = checkImageFile(bytes);
  if (!checked.ok) {
    context.addIssue({ code: 'custom', message: imageFileMessage(checked.problem) });
    return z.NEVER;
  }
  return { bytes, image: checked.image };
});
