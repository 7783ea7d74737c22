import { describe, expect, it } from 'vitest';
import { CopyRows } from './copy-rows.ts';

/** The rows' bytes after the 19-byte header (signature, flags, extension length). */
const body = (rows: CopyRows) => [...rows.bytes().subarray(19)];

describe('CopyRows (COPY binary format)', () => {
  it('starts with the signature, flags and header extension, and ends with -1', () => {
    const bytes = new CopyRows(1).bytes();
    expect(bytes.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    expect([...bytes.subarray(11)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]);
  });

  it('writes a row as its field count, then each field as its length and bytes, null as -1', () => {
    const rows = new CopyRows(4).row().int4(-2).text('é').null().int4(null);
    // prettier-ignore
    expect(body(rows)).toEqual([
      0, 4, // fields
      0, 0, 0, 4, 0xff, 0xff, 0xff, 0xfe, // int4 -2
      0, 0, 0, 2, 0xc3, 0xa9, // 'é' in UTF-8
      0xff, 0xff, 0xff, 0xff, // null
      0xff, 0xff, 0xff, 0xff, // int4 null
      0xff, 0xff, // trailer
    ]);
    expect(rows.rowCount).toBe(1);
  });

  it('writes bigints, timestamps (µs since 2000) and jsonb (version 1)', () => {
    const rows = new CopyRows(3)
      .row()
      .int8(-1)
      .timestamp(Date.UTC(2000, 0, 1, 0, 0, 0, 1))
      .jsonb('{}');
    // prettier-ignore
    expect(body(rows)).toEqual([
      0, 3,
      0, 0, 0, 8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0x03, 0xe8,
      0, 0, 0, 3, 1, 0x7b, 0x7d,
      0xff, 0xff,
    ]);
  });

  it('writes a uuid as its 16 bytes', () => {
    const rows = new CopyRows(1).row().uuid('00112233-4455-6677-8899-aabbccddeeff');
    // prettier-ignore
    expect(body(rows).slice(2, 22)).toEqual([
      0, 0, 0, 16,
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
    ]);
  });

  it('writes a uuid that comes again, after the buffer grew, with the same bytes', () => {
    const id = '00112233-4455-6677-8899-aabbccddeeff';
    const rows = new CopyRows(3);
    rows.row().uuid(id).uuid('ffeeddcc-bbaa-9988-7766-554433221100').text('x'.repeat(70_000));
    rows.row().uuid('ffeeddcc-bbaa-9988-7766-554433221100').uuid(id).text('y');
    const bytes = rows.bytes();
    const second = 19 + 2 + 20 + 20 + 4 + 70_000;
    expect(bytes.subarray(second + 2 + 24, second + 2 + 40)).toEqual(bytes.subarray(19 + 2 + 4, 19 + 2 + 20));
    expect(bytes.subarray(second + 2 + 4, second + 2 + 20)).toEqual(bytes.subarray(19 + 2 + 24, 19 + 2 + 40));
    expect([...bytes.subarray(second + 2 + 24, second + 2 + 40)]).toEqual([
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
    ]);
  });

  it('writes a unique uuid with the same bytes as a repeated one', () => {
    const id = '00112233-4455-6677-8899-aabbccddeeff';
    const rows = new CopyRows(2).row().uniqueUuid(id).uuid(id);
    const fields = body(rows).slice(2, 42);
    expect(fields.slice(0, 20)).toEqual(fields.slice(20, 40));
    expect(() => new CopyRows(1).row().uniqueUuid('0011')).toThrow('COPY uuid malformed: 0011');
  });

  it('writes ASCII text byte for byte, and text beyond ASCII or longer than 64 characters as UTF-8', () => {
    const long = `${'a'.repeat(64)}b`;
    const rows = new CopyRows(4).row().text('N1 9AA').text('Zoë').text('').text(long);
    const bytes = Buffer.from(body(rows));
    expect(bytes.readInt32BE(2)).toBe(6);
    expect(bytes.subarray(6, 12).toString('utf8')).toBe('N1 9AA');
    expect(bytes.readInt32BE(12)).toBe(4);
    expect(bytes.subarray(16, 20).toString('utf8')).toBe('Zoë');
    expect(bytes.readInt32BE(20)).toBe(0);
    expect(bytes.readInt32BE(24)).toBe(65);
    expect(bytes.subarray(28, 93).toString('utf8')).toBe(long);
  });

  it('writes bigints beyond 32 bits, positive and negative', () => {
    const big = 2 ** 40 + 12_345;
    const bytes = Buffer.from(body(new CopyRows(2).row().int8(big).int8(-big)));
    expect(bytes.readBigInt64BE(6)).toBe(BigInt(big));
    expect(bytes.readBigInt64BE(18)).toBe(BigInt(-big));
  });

  it('grows past a buffer sized for fewer rows than it is given', () => {
    const rows = new CopyRows(1, 8);
    for (let i = 0; i < 100; i += 1) rows.row().int4(i);
    const bytes = rows.bytes();
    expect(bytes.readInt32BE(19 + 99 * 10 + 6)).toBe(99);
    expect(rows.rowCount).toBe(100);
  });

  it('grows past its first buffer', () => {
    const rows = new CopyRows(1);
    const long = 'x'.repeat(100_000);
    for (let i = 0; i < 3; i += 1) rows.row().text(long);
    expect(rows.bytes().length).toBe(19 + 3 * (2 + 4 + 100_000) + 2);
  });

  it('refuses a malformed uuid, an unsafe bigint and a row of the wrong length', () => {
    expect(() => new CopyRows(1).row().uuid('0011')).toThrow('COPY uuid malformed: 0011');
    expect(() => new CopyRows(1).row().uuid(`${'0'.repeat(32)}0`)).toThrow('COPY uuid malformed');
    expect(() => new CopyRows(1).row().uuid(`${'0'.repeat(31)}g`)).toThrow('COPY uuid malformed');
    expect(() => new CopyRows(1).row().int8(2 ** 53)).toThrow('COPY bigint out of range');
    expect(() => new CopyRows(1).row().int4(1).int4(2)).toThrow('COPY row longer than 1 fields');
    expect(() => new CopyRows(2).row().int4(1).row()).toThrow('COPY row short of 1 field(s)');
    expect(() => new CopyRows(2).row().int4(1).bytes()).toThrow('COPY row short of 1 field(s)');
  });
});
