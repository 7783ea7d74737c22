import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { isInstant, readWellFormedRow, transactionRowSchema } from './transaction-file.schema.ts';

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
    ['0.05', 5],
    ['-7.5', -750],
    ['9999999.99', 999_999_999],
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

/** The instants isInstant takes, as a pattern and a calendar: what it is read against. */
function isInstantByPattern(value: string): boolean {
  const parts =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/.exec(
      value,
    );
  if (!parts) return false;
  const [year, month, day, hours, minutes, seconds, offsetHours, offsetMinutes] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1970 &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hours! <= 23 &&
    minutes! <= 59 &&
    seconds! <= 59 &&
    offsetHours! <= 14 &&
    offsetMinutes! <= 59
  );
}

describe('isInstant, read character by character', () => {
  it('agrees with the pattern and the calendar on valid instants and on each kind of change to them', () => {
    const valid = [
      '2025-06-11T12:00:00+01:00',
      '2025-06-11T12:00:00.250Z',
      '2025-06-11T12:00+0100',
      '2024-02-29T23:59:59-05:00',
      '2000-02-29T00:00Z',
      '1970-01-01T00:00:00.123456789+14:59',
    ];
    const characters = '0123456789-+:.TZ tz/\u0660';
    let state = 11;
    const next = (below: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % below;
    };
    let taken = 0;
    for (let index = 0; index < 20_000; index += 1) {
      let value = valid[next(valid.length)]!;
      // One to three edits: a character replaced, inserted or removed.
      for (let edits = 1 + next(3); edits > 0; edits -= 1) {
        const at = next(value.length + 1);
        const character = characters[next(characters.length)]!;
        const edit = next(3);
        value =
          edit === 0
            ? value.slice(0, at) + character + value.slice(at + 1)
            : edit === 1
              ? value.slice(0, at) + character + value.slice(at)
              : value.slice(0, at) + value.slice(at + 1);
      }
      expect(isInstant(value), value).toBe(isInstantByPattern(value));
      if (isInstantByPattern(value)) taken += 1;
    }
    for (const value of valid) expect(isInstant(value), value).toBe(true);
    for (const month of ['00', '01', '02', '04', '12', '13']) {
      for (const day of ['00', '28', '29', '30', '31', '32']) {
        for (const year of ['1900', '1969', '2000', '2023', '2024', '2100']) {
          const value = `${year}-${month}-${day}T12:00Z`;
          expect(isInstant(value), value).toBe(isInstantByPattern(value));
        }
      }
    }
    expect(taken).toBeGreaterThan(500);
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
