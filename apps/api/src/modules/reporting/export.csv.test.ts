import { describe, expect, it } from 'vitest';
import { csvTextOf, parseCsv } from '../../http/csv.ts';
import { csvHeader, csvLine, exportColumns, poundsCell, textCell, type ExportRow } from './export.csv.ts';

const row: ExportRow = {
  transactionId: 'T-1',
  date: '2025-06-02 12:00:00',
  type: 'purchase',
  publisher: 'NextJump',
  brand: 'Demo Brand',
  branch: 'High Street',
  postcode: 'N1 9AA',
  cardLast4: '0042',
  amountPence: 5_000,
  cashbackPence: 500,
  successFeePence: 250,
  rewardStatus: 'pending',
  rewardFinalOn: '2025-07-03',
  customerType: 'new',
  offerType: 'dp',
  campaign: 'June offer',
};

describe('textCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+44 20', "'+44 20"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('prefixes a cell that a spreadsheet would run as a formula: %j', (value, written) => {
    expect(textCell(value)).toBe(written);
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and leaves plain text alone', () => {
    expect(textCell('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(textCell('The "Best" Cafe')).toBe('"The ""Best"" Cafe"');
    expect(textCell('line\nbreak')).toBe('"line\nbreak"');
    expect(textCell('Café Zoë')).toBe('Café Zoë');
    expect(textCell('a=b')).toBe('a=b');
    expect(textCell(null)).toBe('');
  });
});

describe('poundsCell', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1_234, '12.34'],
    [-3_000, '-30.00'],
    [-1, '-0.01'],
    [123_456_789, '1234567.89'],
  ])('writes %i pence as the plain number %s', (pence, written) => {
    expect(poundsCell(pence)).toBe(written);
  });

  it('refuses what is not a whole number of pence', () => {
    expect(() => poundsCell(1.5)).toThrow(RangeError);
  });
});

describe('a written file', () => {
  it('reads back as the same cells, with a byte order mark and CRLF line ends', () => {
    const hostile: ExportRow = {
      ...row,
      transactionId: '=1+1',
      type: 'refund',
      branch: '@Branch, "North"',
      postcode: null,
      amountPence: -3_000,
      cashbackPence: -300,
      successFeePence: -150,
      rewardStatus: 'cancelled',
      campaign: '-June',
    };
    const file = csvHeader() + csvLine(row) + csvLine(hostile);
    expect(file.startsWith('\uFEFFtransaction_id,')).toBe(true);
    expect(file.split('\r\n')).toHaveLength(4);

    const text = csvTextOf(new TextEncoder().encode(file));
    if (!text.ok) throw new Error('not text');
    const records = parseCsv(text.text).map((record) => record.cells);

    expect(records).toEqual([
      [...exportColumns],
      [
        'T-1',
        '2025-06-02 12:00:00',
        'purchase',
        'NextJump',
        'Demo Brand',
        'High Street',
        'N1 9AA',
        '0042',
        '50.00',
        '5.00',
        '2.50',
        'pending',
        '2025-07-03',
        'new',
        'dp',
        'June offer',
      ],
      [
        "'=1+1",
        '2025-06-02 12:00:00',
        'refund',
        'NextJump',
        'Demo Brand',
        `'@Branch, "North"`,
        '',
        '0042',
        '-30.00',
        '-3.00',
        '-1.50',
        'cancelled',
        '2025-07-03',
        'new',
        'dp',
        "'-June",
      ],
    ]);
  });
});
