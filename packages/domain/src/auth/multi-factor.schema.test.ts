import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  formatRecoveryCode,
  loginSecondStepSchema,
  multiFactorRequiredFor,
  normaliseRecoveryCode,
  totpCodeField,
} from './multi-factor.schema.ts';

const m = messages.multiFactor;
const challenge = 'c'.repeat(43);

describe('two-step sign-in rules', () => {
  it('is required for the system admin only', () => {
    expect(multiFactorRequiredFor('systemadmin')).toBe(true);
    for (const entityType of ['brand', 'bank', 'cardprovider'] as const) {
      expect(multiFactorRequiredFor(entityType)).toBe(false);
    }
  });

  it('shows a recovery code in groups of 4 and reads it back however it is typed', () => {
    expect(formatRecoveryCode('abcdefghijkm')).toBe('abcd-efgh-ijkm');
    expect(normaliseRecoveryCode(' ABCD-efgh ijkm ')).toBe('abcdefghijkm');
  });

  it('takes a 6-digit code, spaces dropped, and names what is wrong otherwise', () => {
    expect(totpCodeField.parse(' 123 456 ')).toBe('123456');
    expect(totpCodeField.safeParse('').error?.issues[0]?.message).toBe(m.codeRequired);
    expect(totpCodeField.safeParse('12345a').error?.issues[0]?.message).toBe(m.codeFormat);
  });

  it('takes a code or a recovery code with the challenge, not both and not neither', () => {
    expect(loginSecondStepSchema.parse({ challenge, code: '123456' })).toEqual({ challenge, code: '123456' });
    expect(loginSecondStepSchema.parse({ challenge, recoveryCode: 'ABCD-EFGH-IJKM' })).toEqual({
      challenge,
      recoveryCode: 'abcdefghijkm',
    });
    expect(loginSecondStepSchema.safeParse({ challenge }).success).toBe(false);
    expect(
      loginSecondStepSchema.safeParse({ challenge, code: '123456', recoveryCode: 'abcdefghijkm' }).success,
    ).toBe(false);
    // 0, 1, l and o are left out of recovery codes: misread on paper.
    expect(
      loginSecondStepSchema.safeParse({ challenge, recoveryCode: 'abcd-efgh-ijkl' }).error?.issues[0]
        ?.message,
    ).toBe(m.recoveryCodeFormat);
  });
});
