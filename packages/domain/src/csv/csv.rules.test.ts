import { describe, expect, it } from 'vitest';
import { readCsv } from './csv.rules.ts';

describe('readCsv', () => {
  it('splits records and cells, numbering each record by the line it starts on', () => {
    expect(readCsv('a,b\n1,2\n3,4')).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', '2'] },
        { line: 3, cells: ['3', '4'] },
      ],
    });
  });

  it('reads a quoted comma, a doubled quote and a quoted line break as text', () => {
    expect(readCsv('"a, b","say ""hi""","two\r\nlines"\nnext,,')).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['a, b', 'say "hi"', 'two\r\nlines'] },
        { line: 3, cells: ['next', '', ''] },
      ],
    });
  });

  it('takes LF, CRLF and CR line ends, mixed in one file, and drops a byte-order mark', () => {
    expect(readCsv('\uFEFFname,town\r\nA,London\nB,Leeds\rC,York\r\n')).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['name', 'town'] },
        { line: 2, cells: ['A', 'London'] },
        { line: 3, cells: ['B', 'Leeds'] },
        { line: 4, cells: ['C', 'York'] },
      ],
    });
  });

  it('skips blank lines but counts them', () => {
    expect(readCsv('a\n\r\n\rb\n')).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['a'] },
        { line: 4, cells: ['b'] },
      ],
    });
  });

  it('keeps a quote inside an unquoted value, and records of any length', () => {
    expect(readCsv('5" screen,x\nshort')).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['5" screen', 'x'] },
        { line: 2, cells: ['short'] },
      ],
    });
  });

  it('names the line a quote that never closes starts on, past quoted line breaks', () => {
    expect(readCsv('a\r\n"two\r\nlines"\r\n\r\n"open,b\r\nc')).toEqual({
      ok: false,
      line: 5,
      problem: 'unclosedQuote',
    });
    expect(readCsv('"open')).toEqual({ ok: false, line: 1, problem: 'unclosedQuote' });
  });

  it('refuses a record whose values pass the bound, naming its line', () => {
    expect(readCsv(`a\n${'x'.repeat(10)}`, 10)).toMatchObject({ ok: true });
    expect(readCsv(`a\n${'x'.repeat(5)},${'x'.repeat(5)}`, 10)).toMatchObject({ ok: true });
    expect(readCsv(`a\n"${'x'.repeat(11)}"\nb`, 10)).toEqual({
      ok: false,
      line: 2,
      problem: 'recordTooLong',
    });
  });
});
