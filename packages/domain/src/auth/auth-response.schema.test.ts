import { describe, expect, it } from 'vitest';
import { sessionUserFixture } from '../user/session-user.fixtures.ts';
import { secondStepDueSchema, signedInSchema } from './auth-response.schema.ts';

const details = sessionUserFixture();
const accessToken = 'a'.repeat(43);

describe('signedInSchema', () => {
  it('answers the token and the session user as they are', () => {
    expect(signedInSchema.parse({ accessToken, details })).toEqual({ accessToken, details });
  });

  it('is an allowlist: a password hash or a stored secret never reaches the answer', () => {
    const answer = signedInSchema.parse({
      accessToken,
      details: { ...details, password_hash: '$argon2id$…', totp_secret: 'JBSWY3DPEHPK3PXP' },
      sessionId: 'internal',
    });
    expect(answer).toEqual({ accessToken, details });
  });
});

describe('secondStepDueSchema', () => {
  it('answers the challenge alone, no session', () => {
    const challenge = 'c'.repeat(43);
    expect(secondStepDueSchema.parse({ mfaRequired: true, challenge, accessToken })).toEqual({
      mfaRequired: true,
      challenge,
    });
  });
});
