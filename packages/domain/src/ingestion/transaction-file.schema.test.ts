import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { readWellFormedRow, transactionRowSchema } from './transaction-file.schema.ts';

const m = messages.ingestion;

const row = (overrides: Record<string, unknown> = {}) => ({
  transaction_id: 'T1',
  datetime: '2025-06-11T12:00:00+01:00',
  amount: '12.30',
  currency: 'GBP',
  mid: '4410137',
  card_token: 'card-a',
  card_last4: '0042',
  postcode: 'N1 9AA',
  publisher: 'ATR',
  ...overrides,
});

/** The messages of a row's problems, or its parsed value. */
function parse(overrides: Record<string, unknown>) {
  const result = transactionRowSchema.safeParse(row(overrides));
  return result.success ? result.data : result.error.issues.map((issue) => issue.message);
}

describe('a transactions file row (brief §6)', () => {
  it.each<[unknown, number]>([
    ['12.30', 1230],
    ['12.3', 1230],
    ['12', 1200],
    ['-0.01', -1],
    ['-50.00', -5000],
    ['0', 0],
    [12.35, 1235],
    [-6.17, -617],
  ])('reads the amount %j as %i pence, exactly', (amount, pence) => {
    expect(parse({ amount })).toMatchObject({ amountPence: pence });
  });

  it.each<unknown>(['1.005', '£12.30', '1,200.00', '12.30 GBP', '', '1e3', 12.345, null])(
    'refuses the amount %j',
    (amount) => {
      expect(parse({ amount })).toEqual([m.amountInvalid]);
    },
  );

  it.each([
    '2025-06-11T12:00:00+01:00',
    '2025-06-11T12:00:00.250Z',
    '2025-06-11T12:00+0100',
    '2024-02-29T23:59:59-05:00',
  ])('takes the date-time %s', (datetime) => {
    expect(parse({ datetime })).toMatchObject({ datetime });
  });

  it.each([
    '2025-06-11T12:00:00',
    '2025-06-11 12:00:00Z',
    '11/06/2025 12:00',
    '2025-02-29T12:00:00Z',
    '2025-06-31T12:00:00Z',
    '2025-06-11T24:00:00Z',
    '2025-06-11T12:00:00+15:00',
    '1969-12-31T23:59:59Z',
  ])('refuses the date-time %s', (datetime) => {
    expect(parse({ datetime })).toEqual([m.datetimeInvalid]);
  });

  it('takes GBP in any case, an empty postcode as none, and names the field of each problem', () => {
    expect(parse({ currency: 'gbp', postcode: '' })).toMatchObject({ postcode: null });
    expect(parse({ currency: 'EUR', card_last4: '42', mid: ' ', transaction_id: 'T\u0000' })).toEqual([
      m.transactionIdInvalid,
      m.currencyInvalid,
      m.midInvalid,
      m.cardLast4Invalid,
    ]);
  });

  it('lets only a refund name its original', () => {
    expect(parse({ amount: '-5.00', original_transaction_id: 'T0' })).toMatchObject({
      originalTransactionId: 'T0',
    });
    expect(parse({ original_transaction_id: 'T0' })).toEqual([m.originalNotRefund]);
  });
});

describe('readWellFormedRow, the direct path for the usual row', () => {
  /** Values a field may take: usual ones and every kind of unusual one. */
  const variants: Record<string, unknown[]> = {
    transaction_id: ['T1', ' T1', 'T1 ', '', 'x'.repeat(100), 'x'.repeat(101), 'a\u0000b', 7, undefined],
    datetime: [
      '2025-06-11T12:00:00+01:00',
      '2025-06-11T11:00:00.250Z',
      '2025-06-11T12:00+0100',
      ' 2025-06-11T12:00:00Z',
      '2025-02-30T12:00:00Z',
      '2025-06-11 12:00:00',
      null,
    ],
    amount: ['12.30', '-5', '0', '-0.00', '1.005', ' 12.30', 12.3, '', undefined],
    currency: ['GBP', 'gbp', ' GBP', 'EUR', undefined],
    mid: ['4410137', '', ' 4410137', 'm'.repeat(51)],
    card_token: ['card-a', 'c'.repeat(200), 'c'.repeat(201), ''],
    card_last4: ['0042', '42', ' 0042', 'abcd', 42],
    postcode: ['N1 9AA', '', null, undefined, ' N1 9AA', '   ', 'P'.repeat(17), 'a\u0000'],
    publisher: ['ATR', ' ATR', '', 5],
    original_transaction_id: [undefined, null, '', 'T0', ' T0', 'o'.repeat(101)],
  };

  it('answers what the schema does wherever it answers, and answers the usual rows', () => {
    let state = 7;
    const pick = <T>(values: T[]) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return values[state % values.length]!;
    };
    let answered = 0;
    for (let index = 0; index < 5000; index += 1) {
      // Half the rows change one field from the usual row, the rest change every field at random.
      const fields: Record<string, unknown> =
        index % 2 === 0
          ? row()
          : Object.fromEntries(Object.entries(variants).map(([name, values]) => [name, pick(values)]));
      if (index % 2 === 0) {
        const name = pick(Object.keys(variants));
        fields[name] = pick(variants[name]!);
      }
      const direct = readWellFormedRow(fields);
      if (direct === null) continue;
      answered += 1;
      expect(transactionRowSchema.safeParse(fields)).toEqual({ success: true, data: direct });
    }
    expect(answered).toBeGreaterThan(1000);
    expect(readWellFormedRow(row())).toEqual(transactionRowSchema.parse(row()));
    expect(readWellFormedRow(row({ amount: '-2.50', original_transaction_id: 'T0', postcode: '' }))).toEqual(
      transactionRowSchema.parse(row({ amount: '-2.50', original_transaction_id: 'T0', postcode: '' })),
    );
  });
});
