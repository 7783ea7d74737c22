import { describe, expect, it } from 'vitest';
import { secondStepDueSchema, signedInSchema } from './auth-response.schema.ts';

const details = {
  _id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  email: 'brandadmin@demo.test',
  firstName: 'Bea',
  lastName: 'Admin',
  displayName: 'Bea Admin',
  phone: null,
  photo: null,
  role: 'brandAdmin',
  entityType: 'brand',
  entity: { name: 'Green Fork' },
  brandId: '9b2d7c1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  brandObjId: '9b2d7c1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  brandName: 'Green Fork',
  brandIds: [{ brandId: '9b2d7c1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d', brandName: 'Green Fork' }],
  groupId: null,
  groupName: null,
  bankId: null,
  bankName: null,
  isClientAdmin: false,
  isInternalDemo: false,
  source: null,
  isFirstLogin: false,
  isTAndCAccepted: true,
  guestUser: false,
  guestUserFlag: false,
  stepOne: true,
  stepTwo: true,
  stepThree: true,
  proceesCompleted: true,
  step: null,
  stepOneData: null,
  __v: 0,
};

describe('signedInSchema', () => {
  it('answers the token and the session user as they are', () => {
    const answer = { accessToken: 'a'.repeat(43), details };
    expect(signedInSchema.parse(answer)).toEqual(answer);
  });

  it('is an allowlist: a password hash or a stored secret never reaches the answer', () => {
    const answer = signedInSchema.parse({
      accessToken: 'a'.repeat(43),
      details: { ...details, password_hash: '$argon2id$…', totp_secret: 'JBSWY3DPEHPK3PXP' },
      sessionId: 'internal',
    });
    expect(answer).toEqual({ accessToken: 'a'.repeat(43), details });
  });
});

describe('secondStepDueSchema', () => {
  it('answers the challenge alone, no session', () => {
    expect(
      secondStepDueSchema.parse({ mfaRequired: true, challenge: 'c'.repeat(43), accessToken: 'x' }),
    ).toEqual({ mfaRequired: true, challenge: 'c'.repeat(43) });
  });
});
