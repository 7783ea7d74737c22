/**
 * Real, tiny images built byte by byte, for tests (domain, API and browser journeys): a PNG with
 * true CRCs and a stored zlib stream, a GIF with real LZW codes, and a JPEG written by a browser
 * canvas. Each decodes in a browser to the size it claims.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const u32 = (value: number) => [
  (value >>> 24) & 0xff,
  (value >>> 16) & 0xff,
  (value >>> 8) & 0xff,
  value & 0xff,
];

function chunk(type: string, data: number[]): number[] {
  const typed = [...type].map((character) => character.charCodeAt(0));
  return [...u32(data.length), ...typed, ...data, ...u32(crc32(Uint8Array.from([...typed, ...data])))];
}

/** An RGB PNG of one colour; the pixel data sits in stored (uncompressed) deflate blocks. */
export function pngBytes(
  width: number,
  height: number,
  rgb: [number, number, number] = [51, 170, 119],
): Uint8Array {
  const raw: number[] = [];
  for (let row = 0; row < height; row += 1) {
    raw.push(0);
    for (let column = 0; column < width; column += 1) raw.push(...rgb);
  }
  const deflate: number[] = [0x78, 0x01];
  for (let at = 0; at < raw.length || at === 0; at += 65535) {
    const block = raw.slice(at, at + 65535);
    const last = at + 65535 >= raw.length ? 1 : 0;
    deflate.push(
      last,
      block.length & 0xff,
      block.length >>> 8,
      ~block.length & 0xff,
      (~block.length >>> 8) & 0xff,
    );
    deflate.push(...block);
  }
  deflate.push(...u32(adler32(Uint8Array.from(raw))));
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', [...u32(width), ...u32(height), 8, 2, 0, 0, 0]),
    ...chunk('IDAT', deflate),
    ...chunk('IEND', []),
  ]);
}

/**
 * A GIF of one colour: every pixel is sent as a clear code then colour 0, so the LZW code width
 * stays 3 bits and no dictionary is needed.
 */
export function gifBytes(width: number, height: number): Uint8Array {
  const codes: number[] = [];
  for (let pixel = 0; pixel < width * height; pixel += 1) codes.push(4, 0);
  codes.push(5);
  const data: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const code of codes) {
    buffer |= code << bits;
    bits += 3;
    while (bits >= 8) {
      data.push(buffer & 0xff);
      buffer >>>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) data.push(buffer & 0xff);
  const blocks: number[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const block = data.slice(at, at + 255);
    blocks.push(block.length, ...block);
  }
  const le = (value: number) => [value & 0xff, value >>> 8];
  return Uint8Array.from([
    ...[0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    ...le(width),
    ...le(height),
    0x80,
    0,
    0,
    ...[0x33, 0xaa, 0x77, 0xff, 0xff, 0xff],
    0x2c,
    0,
    0,
    0,
    0,
    ...le(width),
    ...le(height),
    0,
    2,
    ...blocks,
    0,
    0x3b,
  ]);
}

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64Bytes(text: string): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const character of text.replace(/=+$/, '')) {
    buffer = (buffer << 6) | base64Alphabet.indexOf(character);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >>> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** ASCII text as bytes. */
export const asciiBytes = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

/** A 5 × 3 JPEG written by Chromium's canvas (toDataURL('image/jpeg', 0.5)). */
export const jpeg5x3 = base64Bytes(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAADAAUDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgCiv/2Q==',
);
