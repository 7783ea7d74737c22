import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isTransactionConflict } from './database-faults.ts';

const failure = (code: string) => Object.assign(new Error('failed'), { code });

describe('a transaction rolled back because it met another one', () => {
  it('is a deadlock or a serialisation failure', () => {
    expect(isTransactionConflict(failure('40P01'))).toBe(true);
    expect(isTransactionConflict(failure('40001'))).toBe(true);
  });

  it('is not a statement that was wrong, nor a database out of reach', () => {
    expect(isTransactionConflict(failure('23505'))).toBe(false);
    expect(isTransactionConflict(failure('57P01'))).toBe(false);
    expect(isTransactionConflict('40P01')).toBe(false);
    expect(isDatabaseUnavailable(failure('40P01'))).toBe(false);
  });
});
