import { deflateSync } from 'node:zlib';
import { gifBytes } from '@krowd/domain/asset/image-file.fixtures';

/**
 * Files an attacker or a careless user uploads: wrong encodings, binary dressed as text,
 * images that are not images, bombs, polyglots and hostile names. Each is built here from code, so
 * the corpus is readable and reviewable; `hostile-uploads.test.ts` sends every one to every upload.
 */
export interface HostileFile {
  name: string;
  /** What the file claims to be, sent as its Content-Type where the upload takes one. */
  type: string;
  bytes: Buffer;
  /** Endpoint kinds that may take it because it truly is such a file (it is then stored as what its bytes are). */
  acceptableAt?: readonly UploadKind[];
}

export type UploadKind = 'csv' | 'image' | 'excel';

const text = (value: string) => Buffer.from(value, 'utf8');
const transactionsHeader =
  'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(kind: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(kind, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of the given header size; the pixel data covers `rows` rows of it. */
function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(Math.min(rows, height) * (1 + width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A zip holding one entry of the given name (stored, no compression). */
function zipWith(entryName: string, content: Buffer): Buffer {
  const name = Buffer.from(entryName);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + content.length, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

const utf16 = (value: string, bigEndian: boolean) => {
  const little = Buffer.from(`\uFEFF${value}`, 'utf16le');
  return bigEndian ? Buffer.from(little).swap16() : little;
};

export const hostileCorpus: readonly HostileFile[] = [
  { name: 'empty.csv', type: 'text/csv', bytes: Buffer.alloc(0) },
  { name: 'nul.csv', type: 'text/csv', bytes: Buffer.from([0]) },
  { name: 'nul-in-header.csv', type: 'text/csv', bytes: text(`${transactionsHeader}\u0000\nA,B\n`) },
  {
    name: 'utf16le.csv',
    type: 'text/csv',
    bytes: utf16(`${transactionsHeader}\nT1,2025-06-01T12:00:00Z,1.00,GBP,M,c,1234,,ATR\n`, false),
  },
  { name: 'utf16be.csv', type: 'text/csv', bytes: utf16(`name,postcode\nCafé,N1\n`, true) },
  {
    name: 'latin1.csv',
    type: 'text/csv',
    bytes: Buffer.from('name,postcode\nCaf\xe9 Zo\xeb,N1 9AA\n', 'latin1'),
  },
  {
    name: 'overlong-utf8.csv',
    type: 'text/csv',
    bytes: Buffer.concat([text('a,b\n'), Buffer.from([0xc0, 0xaf, 0x0a])]),
  },
  {
    name: 'surrogate-utf8.csv',
    type: 'text/csv',
    bytes: Buffer.concat([text('a,b\n'), Buffer.from([0xed, 0xa0, 0x80, 0x0a])]),
  },
  {
    name: 'bom-then-binary.csv',
    type: 'text/csv',
    bytes: Buffer.from([0xef, 0xbb, 0xbf, 0x00, 0x01, 0x02, 0xff]),
  },
  {
    name: 'unclosed-quote.csv',
    type: 'text/csv',
    bytes: text(`${transactionsHeader}\n"T1,2025-06-01T12:00:00Z,1.00\n`),
  },
  {
    name: 'endless-line.csv',
    type: 'text/csv',
    bytes: text(`${transactionsHeader}\n${'x'.repeat(200_000)}`),
  },
  { name: 'blank-lines.csv', type: 'text/csv', bytes: text('\n'.repeat(200_000)) },
  {
    name: 'ten-thousand-columns.csv',
    type: 'text/csv',
    bytes: text(`${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n`),
  },
  { name: 'carriage-returns.csv', type: 'text/csv', bytes: text('a\rb\rc\r'.repeat(1_000)) },
  {
    name: 'formula-injection.csv',
    type: 'text/csv',
    bytes: text(`=cmd|' /C calc'!A0,+1+1,-2-3,@SUM(A1:A9)\n=HYPERLINK("http://evil.test"),x,y,z\n`),
  },
  {
    name: 'html.csv',
    type: 'text/csv',
    bytes: text('<!doctype html><html><script>alert(document.cookie)</script></html>'),
  },
  { name: 'sql.csv', type: 'text/csv', bytes: text("name\n'); DROP TABLE branches; --\n") },
  { name: 'json.csv', type: 'text/csv', bytes: text('[{"transaction_id":"T1","amount":1e400}]') },
  {
    name: 'bad-rows.csv',
    type: 'text/csv',
    bytes: text(
      `${transactionsHeader}\n${'T'.repeat(5_000)},2099-13-45T99:99:99Z,1e400,XXX,${'\u202e'.repeat(10)},,abcd,<script>,Evil\n`,
    ),
  },
  {
    name: 'billion-laughs.xml',
    type: 'application/xml',
    bytes: text(
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>',
    ),
  },
  { name: 'archive.csv', type: 'text/csv', bytes: zipWith('evil.exe', text('MZ')) },
  { name: 'picture.csv', type: 'text/csv', bytes: png(2, 2), acceptableAt: ['image'] },
  {
    name: 'polyglot.gif',
    type: 'image/gif',
    bytes: Buffer.concat([Buffer.from(gifBytes(2, 2)), text('*/=alert(1)//<script>alert(1)</script>')]),
    acceptableAt: ['image'],
  },
  { name: 'truncated.png', type: 'image/png', bytes: png(4, 4).subarray(0, 30) },
  { name: 'huge-dimensions.png', type: 'image/png', bytes: png(100_000, 100_000, 1) },
  {
    name: 'truncated.jpg',
    type: 'image/jpeg',
    bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  },
  {
    name: 'script.svg',
    type: 'image/svg+xml',
    bytes: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  { name: 'page.png', type: 'image/png', bytes: text('<!doctype html><script>alert(1)</script>') },
  {
    name: 'document.png',
    type: 'image/png',
    bytes: text('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<<>>\n%%EOF'),
  },
  { name: 'program.png', type: 'image/png', bytes: Buffer.concat([text('MZ'), Buffer.alloc(510, 0x90)]) },
  {
    name: 'oversize.gif',
    type: 'image/gif',
    bytes: Buffer.concat([Buffer.from(gifBytes(1, 1)), Buffer.alloc(12 * 1024 * 1024, 0x41)]),
  },
  {
    name: 'not-a-workbook.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: zipWith('word/document.xml', text('<w/>')),
  },
  {
    name: 'empty-ole.xls',
    type: 'application/vnd.ms-excel',
    bytes: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  },
  { name: '../../../../etc/passwd.csv', type: 'text/csv', bytes: text('root:x:0:0:root:/root:/bin/bash\n') },
  { name: 'report.csv\u0000.exe', type: 'text/csv', bytes: text('a,b\n1,2\n') },
  { name: `${'n'.repeat(5_000)}.csv`, type: 'text/csv', bytes: text('a,b\n1,2\n') },
];
