import { describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { CsvSyntaxError, csvTextOf, maxCsvRecordChars, parseCsv } from './csv.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvTextOf', () => {
  it('reads UTF-8 text, dropping a byte-order mark', () => {
    expect(csvTextOf(bytes('\uFEFFname\nCafé'))).toEqual({ ok: true, text: 'name\nCafé' });
  });

  it.each([
    { what: 'no bytes', file: new Uint8Array() },
    { what: 'only blank lines', file: bytes('\n\r\n  \n') },
  ])('calls $what empty', ({ file }) => {
    expect(csvTextOf(file)).toEqual({ ok: false, reason: 'empty' });
  });

  it.each([
    { what: 'a PNG image', file: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
    { what: 'a zip (an .xlsx)', file: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]) },
    { what: 'text with a NUL byte', file: bytes('name\u0000,postcode') },
    { what: 'bytes that are not UTF-8', file: new Uint8Array([0x6e, 0x61, 0xff, 0xfe]) },
  ])('says $what is not text', ({ file }) => {
    expect(csvTextOf(file)).toEqual({ ok: false, reason: 'notText' });
  });
});

describe('parseCsv', () => {
  it('splits records and cells, numbering each record by the line it starts on', () => {
    expect(parseCsv('a,b\n1,2\r\n3,4')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
      { line: 3, cells: ['3', '4'] },
    ]);
  });

  it('reads quoted cells with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('"a, b","say ""hi""","two\nlines"\nnext,,')).toEqual([
      { line: 1, cells: ['a, b', 'say "hi"', 'two\nlines'] },
      { line: 3, cells: ['next', '', ''] },
    ]);
  });

  it('skips blank lines but counts them', () => {
    expect(parseCsv('a\n\n\nb\n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 4, cells: ['b'] },
    ]);
  });

  it('keeps formula-like values as plain text', () => {
    expect(parseCsv("=cmd|' /C calc'!A0,+1,-1,@SUM(A1)")[0]!.cells).toEqual([
      "=cmd|' /C calc'!A0",
      '+1',
      '-1',
      '@SUM(A1)',
    ]);
  });

  it('refuses a record longer than the bound, naming its line', () => {
    const long = `a\nb\n${'x'.repeat(maxCsvRecordChars + 1)}\nc`;
    expect(() => parseCsv(long)).toThrow(new CsvSyntaxError(3, 'recordTooLong'));
    expect(new CsvSyntaxError(3, 'recordTooLong').userMessage).toBe(
      messages.ingestion.rowTooLong(maxCsvRecordChars),
    );
    expect(parseCsv(`a\n${'x'.repeat(maxCsvRecordChars)}`)[1]!.cells[0]).toHaveLength(maxCsvRecordChars);
  });

  it('names the line of a record whose quote never closes', () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a\n"open,b\nc');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });
});
