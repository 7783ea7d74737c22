import { describe, expect, it } from 'vitest';
import { checkPromoCodeCsv, promoCodeCsvProblem } from './promo-code-file.rules.ts';

describe('checkPromoCodeCsv', () => {
  it('reads one code a line, skipping a header and blank lines', () => {
    const csv = '\uFEFFcode\r\nSPRING-1\r\n\r\nSPRING-2,unused\n"SPRING-3"\n';
    expect(checkPromoCodeCsv(csv, 2)).toEqual({
      codes: ['SPRING-1', 'SPRING-2', 'SPRING-3'],
      minimum: 3,
      issue: null,
    });
  });

  it('reads the file as CSV: a quoted code, CRLF or CR line ends, a BOM, other columns ignored', () => {
    const csv = '\uFEFF"promo code",note\r\n"SPRING-1","first, with a comma"\rSPRING-2,"say ""hi"""\r\n';
    expect(checkPromoCodeCsv(csv, 1).codes).toEqual(['SPRING-1', 'SPRING-2']);
  });

  it('counts lines as the file has them, quoted line breaks included', () => {
    const csv = 'code\nA1,"two\r\nlines"\n\nA 2\n';
    expect(checkPromoCodeCsv(csv, 1).issue).toEqual({ kind: 'invalidLine', line: 5 });
  });

  it.each([
    { csv: '', reach: 1, issue: { kind: 'empty' } },
    { csv: 'promo code\n\n', reach: 1, issue: { kind: 'empty' } },
    { csv: 'A1\nA 2\n', reach: 1, issue: { kind: 'invalidLine', line: 2 } },
    { csv: 'A1\n"A2,A3"\n', reach: 1, issue: { kind: 'invalidLine', line: 2 } },
    { csv: 'A1\r\n"A2\r\nA3\r\n', reach: 1, issue: { kind: 'unclosedQuote', line: 2 } },
    { csv: 'A1\na1\n', reach: 1, issue: { kind: 'duplicate', code: 'a1' } },
    { csv: 'A1\nA2\n', reach: 2, issue: { kind: 'tooFew', minimum: 3, count: 2 } },
  ])('finds $issue in $csv', ({ csv, reach, issue }) => {
    expect(checkPromoCodeCsv(csv, reach).issue).toEqual(issue);
  });

  it.each([
    { issue: { kind: 'empty' }, message: 'The promo code file has no codes' },
    {
      issue: { kind: 'invalidLine', line: 2 },
      message: 'Line 2: a promo code can contain only letters, digits, "-" and "_" (at most 50)',
    },
    { issue: { kind: 'unclosedQuote', line: 2 }, message: 'Line 2: a quoted value is not closed' },
    { issue: { kind: 'duplicate', code: 'A1' }, message: 'The promo code "A1" appears more than once' },
    {
      issue: { kind: 'tooFew', minimum: 60_208, count: 3 },
      message: 'Please upload at least 60208 promo codes (20% more than the expected reach)',
    },
  ] as const)('tells the uploader about $issue.kind', ({ issue, message }) => {
    expect(promoCodeCsvProblem(issue)).toBe(message);
  });
});
