import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../messages/messages.ts';
import {
  changePasswordSchema,
  changeRecoverPasswordSchema,
  createPasswordFormSchema,
  createPasswordSchema,
  forgotPasswordSchema,
  signupSchema,
} from './auth.schema.ts';
import { loginSchema } from './login.schema.ts';

const m = messages.validation;

/** The first message reported for each field, keyed by its dotted path ('' for the object itself). */
function firstErrors(schema: z.core.$ZodType, input: unknown): Record<string, string> {
  const result = z.safeParse(schema, input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}

/** Every message reported for one field, in order. */
function allErrorsFor(schema: z.core.$ZodType, input: unknown, path: string): string[] {
  const result = z.safeParse(schema, input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((i) => i.message);
}

/**
 * Passwords at and around the 8 to 64 limits (in code points), none of them on the common list and
 * each strong enough. No 8 ASCII characters reach zxcvbn's score 3 (it counts 10 guesses a character
 * it cannot match), so the 8-character boundary is shown with 8 emoji (two UTF-16 units each).
 */
const password = {
  valid: 'Kettle-Quartz 88',
  exactly8: '🐀🐇🐎🐕🐜🐣🐪🐱',
  exactly64: 'quiet tulip river '.repeat(3) + 'x'.repeat(10),
  /** 64 different emoji: 128 UTF-16 units, 64 characters to the person typing them. */
  emoji64: Array.from({ length: 64 }, (_, i) => String.fromCodePoint(0x1f400 + i * 3)).join(''),
  only7: 'zqxwvkj',
  as65: 'quiet tulip river '.repeat(3) + 'x'.repeat(11),
  emoji65: '🦊'.repeat(65),
} as const;

/** Passwords of a valid length that are on the common list, or one with digits and symbols added. */
const common = ['password', 'PASSWORD', 'Password1!', 'iloveyou', 'qwertyuiop', 'Sunshine2024!'];

/** Passwords with no digit, symbol or capital that the old composition rule refused, strong enough. */
const noComposition = ['zqxwvkjpmr', 'purple elephant dancing', 'ALLCAPSBUTRARE'];

/**
 * Passwords of a valid length on no list that the strength estimate scores below 3, with the reason
 * it gives (zxcvbn's warning and first suggestion that is not a composition trick).
 */
const s = messages.passwordStrength;
const weak = [
  { value: 'abcdefgh', message: s.tooWeak(s.warnings.sequences, s.suggestions.anotherWord) },
  { value: 'Qwerty123!', message: s.tooWeak(s.warnings.similarToCommon, s.suggestions.anotherWord) },
  { value: 'Welcome1!', message: s.tooWeak(s.warnings.similarToCommon, s.suggestions.anotherWord) },
  { value: 'aaaaaaaaaa', message: s.tooWeak(s.warnings.simpleRepeat, s.suggestions.anotherWord) },
  // The demo accounts' password is seeded, never set through a form: as a new password it is weak.
  { value: 'Demo@12345', message: s.tooWeak(null, s.suggestions.anotherWord) },
  { value: 'zqxwvkjp', message: s.tooWeak(null, s.suggestions.anotherWord) },
];

const invalidEmails = [
  'ada',
  'ada@',
  '@example.com',
  'ada@example',
  'ada lovelace@example.com',
  'ada@@example.com',
  'a'.repeat(243) + '@example.com',
];

describe('loginSchema', () => {
  const valid = { email: 'ada@example.com', password: 'anything' };

  it('accepts an email and a password', () => {
    expect(loginSchema.parse(valid)).toEqual(valid);
  });

  it('trims and lowercases the email', () => {
    expect(loginSchema.parse({ ...valid, email: '  Ada@Example.COM ' }).email).toBe('ada@example.com');
  });

  it('keeps the password exactly as typed', () => {
    expect(loginSchema.parse({ ...valid, password: ' pass word ' }).password).toBe(' pass word ');
  });

  it.each([
    { case: 'missing', email: undefined },
    { case: 'null', email: null },
    { case: 'empty', email: '' },
    { case: 'only whitespace', email: '   ' },
  ])('says the email is required when it is $case', ({ email }) => {
    expect(firstErrors(loginSchema, { ...valid, email })).toEqual({ email: m.emailRequired });
  });

  it.each(invalidEmails)('asks for a valid email instead of %j', (email) => {
    expect(firstErrors(loginSchema, { ...valid, email })).toEqual({ email: m.emailInvalid });
  });

  it.each([
    { case: 'missing', value: undefined },
    { case: 'empty', value: '' },
  ])('says the password is required when it is $case', ({ value }) => {
    expect(firstErrors(loginSchema, { ...valid, password: value })).toEqual({
      password: m.passwordRequired,
    });
  });

  it('does not apply the new-password rules to a password being checked', () => {
    expect(loginSchema.safeParse({ ...valid, password: 'a' }).success).toBe(true);
  });

  it('refuses a password longer than 128 characters before anything hashes it', () => {
    expect(firstErrors(loginSchema, { ...valid, password: 'a'.repeat(128) })).toEqual({});
    expect(firstErrors(loginSchema, { ...valid, password: 'a'.repeat(129) })).toEqual({
      password: m.tooLong,
    });
  });

  it('reports both fields at once when both are empty', () => {
    expect(firstErrors(loginSchema, {})).toEqual({
      email: m.emailRequired,
      password: m.passwordRequired,
    });
  });

  it.each(['brand', 'bank', 'cardprovider', 'systemadmin', 'user'])(
    'accepts the entityType %s',
    (entityType) => {
      expect(loginSchema.safeParse({ ...valid, entityType }).success).toBe(true);
    },
  );

  it('refuses an entityType it does not know', () => {
    expect(Object.keys(firstErrors(loginSchema, { ...valid, entityType: 'admin' }))).toEqual(['entityType']);
  });

  it('accepts the device info the spec clients send', () => {
    const deviceInfo = {
      ipAddress: '203.0.113.7',
      browserName: 'Firefox',
      osName: 'Linux',
      osVersion: '6.1',
      deviceType: 'desktop',
    };
    expect(loginSchema.parse({ ...valid, deviceInfo }).deviceInfo).toEqual(deviceInfo);
  });

  it('refuses device info with fields of its own', () => {
    const result = loginSchema.safeParse({ ...valid, deviceInfo: { fingerprint: 'x' } });
    expect(result.error?.issues).toMatchObject([
      { code: 'unrecognized_keys', keys: ['fingerprint'], path: ['deviceInfo'] },
    ]);
  });

  it('refuses fields it does not know', () => {
    const result = loginSchema.safeParse({ ...valid, role: 'systemadmin' });
    expect(result.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['role'], path: [] }]);
  });
});

describe('signupSchema', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: password.valid,
    confirmPassword: password.valid,
  };

  it('accepts a complete sign-up and lowercases the email', () => {
    expect(signupSchema.parse({ ...valid, email: 'Ada@Example.com' })).toEqual(valid);
  });

  describe.each(['firstName', 'lastName'] as const)('%s', (field) => {
    it.each([
      { value: undefined, message: m.nameRequired },
      { value: '', message: m.nameRequired },
      { value: '   ', message: m.nameRequired },
      { value: 'Ada1', message: m.nameCharacters },
      { value: "O'Brien", message: m.nameCharacters },
      { value: 'Zoë', message: m.nameCharacters },
      { value: 'Al', message: m.nameMin },
      { value: 'A'.repeat(21), message: m.nameMax },
    ])('refuses $value with "$message"', ({ value, message }) => {
      expect(firstErrors(signupSchema, { ...valid, [field]: value })).toEqual({ [field]: message });
    });

    it.each(['Ada', 'A'.repeat(20), 'Mary-Jane', 'van der Berg'])('accepts %j', (value) => {
      expect(firstErrors(signupSchema, { ...valid, [field]: value })).toEqual({});
    });

    it('trims the name before counting its characters', () => {
      expect(signupSchema.parse({ ...valid, [field]: '  Ada  ' })[field]).toBe('Ada');
      expect(firstErrors(signupSchema, { ...valid, [field]: ' Al ' })).toEqual({
        [field]: m.nameMin,
      });
    });
  });

  it('says the email is required and must be valid', () => {
    expect(firstErrors(signupSchema, { ...valid, email: ' ' })).toEqual({ email: m.emailRequired });
    expect(firstErrors(signupSchema, { ...valid, email: 'ada@' })).toEqual({
      email: m.emailInvalid,
    });
  });

  describe('password', () => {
    const withPassword = (value: string | undefined) => ({
      ...valid,
      password: value,
      confirmPassword: value,
    });

    it.each([
      { case: 'missing', value: undefined, message: m.passwordRequired },
      { case: 'empty', value: '', message: m.passwordRequired },
      { case: '7 characters', value: password.only7, message: m.passwordMin },
      { case: '65 characters', value: password.as65, message: m.passwordMax },
      { case: '65 emoji', value: password.emoji65, message: m.passwordMax },
    ])('is refused when $case with "$message"', ({ value, message }) => {
      expect(firstErrors(signupSchema, withPassword(value)).password).toBe(message);
    });

    it.each([password.exactly8, password.exactly64, password.emoji64])(
      'of %j (8 and 64 characters, emoji counted as one) is accepted',
      (value) => {
        expect(firstErrors(signupSchema, withPassword(value))).toEqual({});
      },
    );

    it.each(noComposition)('%j is accepted: no composition rules', (value) => {
      expect(firstErrors(signupSchema, withPassword(value))).toEqual({});
    });

    it.each(common)('%j is refused as a common password', (value) => {
      expect(firstErrors(signupSchema, withPassword(value))).toEqual({ password: m.passwordCommon });
    });

    it.each(weak)('$value is refused as easy to guess, saying why', ({ value, message }) => {
      expect(firstErrors(signupSchema, withPassword(value))).toEqual({ password: message });
    });

    it('says only that a common password is common, not also that it is easy to guess', () => {
      expect(allErrorsFor(signupSchema, withPassword('Password1!'), 'password')).toEqual([m.passwordCommon]);
    });

    it.each([
      { case: 'the e-mail', value: 'Ada@Example.com' },
      { case: "the e-mail's local part", value: 'ada.lovelace1' },
      { case: 'the name', value: 'Ada Lovelace' },
    ])('is refused when it is $case', ({ value }) => {
      const input = {
        ...withPassword(value),
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada.lovelace1@example.com',
      };
      expect(
        firstErrors(signupSchema, { ...input, email: value.includes('@') ? value : input.email }),
      ).toEqual({
        password: m.passwordPersonal,
      });
    });

    it('uses the sign-up wording of the length rules, not the create-password one', () => {
      expect(m.passwordMin).toBe('Password should at least contain 8 characters');
      expect(m.passwordMax).toBe('Password should at most contain 64 characters');
    });
  });

  describe('confirmPassword', () => {
    it.each([undefined, ''])('says the confirmation is required when it is %j', (value) => {
      expect(firstErrors(signupSchema, { ...valid, confirmPassword: value })).toEqual({
        confirmPassword: m.confirmPasswordRequired,
      });
    });

    it('does not also call an empty confirmation a mismatch', () => {
      expect(allErrorsFor(signupSchema, { ...valid, confirmPassword: '' }, 'confirmPassword')).toEqual([
        m.confirmPasswordRequired,
      ]);
    });

    it('says the passwords must match when they differ', () => {
      expect(firstErrors(signupSchema, { ...valid, confirmPassword: 'Secret#124' })).toEqual({
        confirmPassword: m.passwordsMustMatch,
      });
    });

    it('reports the mismatch along with every other invalid field', () => {
      const input = {
        firstName: '',
        lastName: 'L1',
        email: 'ada@',
        password: 'short',
        confirmPassword: 'other',
      };
      expect(firstErrors(signupSchema, input)).toEqual({
        firstName: m.nameRequired,
        lastName: m.nameCharacters,
        email: m.emailInvalid,
        password: m.passwordMin,
        confirmPassword: m.passwordsMustMatch,
      });
    });
  });

  it('refuses fields it does not know', () => {
    const result = signupSchema.safeParse({ ...valid, role: 'companyAdmin' });
    expect(result.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['role'] }]);
  });

  it.each([null, 'text', 42])('refuses %j without throwing', (input) => {
    expect(signupSchema.safeParse(input).success).toBe(false);
  });
});

describe('forgotPasswordSchema', () => {
  it('accepts an email, trimmed and lowercased', () => {
    expect(forgotPasswordSchema.parse({ email: ' Ada@Example.com ' })).toEqual({
      email: 'ada@example.com',
    });
  });

  it.each([{}, { email: '' }, { email: '  ' }])('says the email is required for %j', (input) => {
    expect(firstErrors(forgotPasswordSchema, input)).toEqual({ email: m.emailRequired });
  });

  it.each(invalidEmails)('asks for a valid email instead of %j', (email) => {
    expect(firstErrors(forgotPasswordSchema, { email })).toEqual({ email: m.emailInvalid });
  });

  it('refuses fields it does not know', () => {
    expect(forgotPasswordSchema.safeParse({ email: 'ada@example.com', entityType: 'brand' }).success).toBe(
      false,
    );
  });
});

/**
 * The three schemas built on the create-password form: the form itself, and the two calls that
 * carry the form with the link's token (named enEmail by the recovery call, as the spec names it).
 */
const tokenValue = 't'.repeat(32);
const newPasswordSchemas = [
  { name: 'createPasswordFormSchema', schema: createPasswordFormSchema, extra: {} },
  {
    name: 'changeRecoverPasswordSchema',
    schema: changeRecoverPasswordSchema,
    extra: { enEmail: tokenValue },
  },
  { name: 'createPasswordSchema', schema: createPasswordSchema, extra: { token: tokenValue } },
];

describe.each(newPasswordSchemas)('$name', ({ schema, extra }) => {
  const valid = { ...extra, newPassword: password.valid, confirmPassword: password.valid };
  const withPassword = (value: string | undefined) => ({
    ...valid,
    newPassword: value,
    confirmPassword: value,
  });

  it('accepts a new password and its confirmation', () => {
    expect(schema.parse(valid)).toEqual(valid);
  });

  it.each([
    { case: 'missing', value: undefined, message: m.newPasswordRequired },
    { case: 'empty', value: '', message: m.newPasswordRequired },
    { case: '7 characters', value: password.only7, message: m.newPasswordMin },
    { case: '65 characters', value: password.as65, message: m.newPasswordMax },
  ])('refuses a new password that is $case with "$message"', ({ value, message }) => {
    expect(firstErrors(schema, withPassword(value)).newPassword).toBe(message);
  });

  it('words the length rules as the spec does, with "Atleast" corrected and 64 for 20', () => {
    expect(m.newPasswordMin).toBe('At least 8 Characters');
    expect(m.newPasswordMax).toBe('Only 64 Characters are allowed');
  });

  it.each([password.exactly8, password.exactly64, ...noComposition])('accepts %j', (value) => {
    expect(firstErrors(schema, withPassword(value))).toEqual({});
  });

  it.each(common)('refuses the common password %j', (value) => {
    expect(firstErrors(schema, withPassword(value))).toEqual({ newPassword: m.passwordCommon });
  });

  it.each(weak)('refuses $value as easy to guess, saying why', ({ value, message }) => {
    expect(firstErrors(schema, withPassword(value))).toEqual({ newPassword: message });
  });

  it.each([undefined, ''])('says the confirmation is required when it is %j', (value) => {
    expect(firstErrors(schema, { ...valid, confirmPassword: value })).toEqual({
      confirmPassword: m.confirmPasswordRequired,
    });
  });

  it('says the passwords must match, even while the new password is invalid', () => {
    expect(firstErrors(schema, { ...valid, confirmPassword: 'Secret#124' })).toEqual({
      confirmPassword: m.passwordsMustMatch,
    });
    expect(firstErrors(schema, { ...valid, newPassword: 'short', confirmPassword: 'other' })).toEqual({
      newPassword: m.newPasswordMin,
      confirmPassword: m.passwordsMustMatch,
    });
  });

  it('refuses fields it does not know', () => {
    expect(schema.safeParse({ ...valid, email: 'ada@example.com' }).success).toBe(false);
  });
});

describe.each([
  { name: 'changeRecoverPasswordSchema', schema: changeRecoverPasswordSchema, field: 'enEmail' },
  { name: 'createPasswordSchema', schema: createPasswordSchema, field: 'token' },
])('$name link token ($field)', ({ schema, field }) => {
  const withToken = (value: unknown) => ({
    newPassword: password.valid,
    confirmPassword: password.valid,
    [field]: value,
  });

  it('is required', () => {
    expect(Object.keys(firstErrors(schema, withToken(undefined)))).toEqual([field]);
  });

  it.each([
    { case: '19 characters', value: 't'.repeat(19) },
    { case: '201 characters', value: 't'.repeat(201) },
    { case: 'only whitespace', value: ' '.repeat(30) },
  ])('is refused as an invalid link when $case', ({ value }) => {
    expect(firstErrors(schema, withToken(value))).toEqual({ [field]: messages.auth.linkInvalid });
  });

  it.each([20, 200])('is accepted at %i characters', (length) => {
    expect(firstErrors(schema, withToken('t'.repeat(length)))).toEqual({});
  });

  it('is trimmed', () => {
    expect(schema.parse(withToken(` ${tokenValue} `))).toMatchObject({ [field]: tokenValue });
  });

  it.each(['brand', 'user'])('comes with an optional entityType such as %s', (entityType) => {
    expect(schema.safeParse({ ...withToken(tokenValue), entityType }).success).toBe(true);
  });
});

describe('changePasswordSchema', () => {
  const valid = {
    currentPassword: 'Old#pass1',
    newPassword: password.valid,
    confirmPassword: password.valid,
  };
  const withNew = (value: string | undefined) => ({
    ...valid,
    newPassword: value,
    confirmPassword: value,
  });

  it('accepts the current password, a new one and its confirmation', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it.each([undefined, ''])('says the current password is required when it is %j', (value) => {
    expect(firstErrors(changePasswordSchema, { ...valid, currentPassword: value })).toEqual({
      currentPassword: m.currentPasswordRequired,
    });
  });

  it('takes any current password, since it was set under older rules', () => {
    expect(changePasswordSchema.safeParse({ ...valid, currentPassword: 'old' }).success).toBe(true);
  });

  it('refuses a current password longer than 128 characters', () => {
    expect(firstErrors(changePasswordSchema, { ...valid, currentPassword: 'a'.repeat(129) })).toEqual({
      currentPassword: m.tooLong,
    });
  });

  it.each([
    { case: 'missing', value: undefined, message: m.newPasswordRequired },
    { case: 'empty', value: '', message: m.newPasswordRequired },
    { case: '7 characters', value: password.only7, message: m.newPasswordMin },
    { case: '65 characters', value: password.as65, message: m.newPasswordMax },
  ])('refuses a new password that is $case with "$message"', ({ value, message }) => {
    expect(firstErrors(changePasswordSchema, withNew(value)).newPassword).toBe(message);
  });

  it.each([password.exactly8, password.exactly64, ...noComposition])(
    'accepts the new password %j',
    (value) => {
      expect(firstErrors(changePasswordSchema, withNew(value))).toEqual({});
    },
  );

  it.each(common)('refuses the common new password %j', (value) => {
    expect(firstErrors(changePasswordSchema, withNew(value))).toEqual({ newPassword: m.passwordCommon });
  });

  it.each(weak)('refuses $value as a new password easy to guess, saying why', ({ value, message }) => {
    expect(firstErrors(changePasswordSchema, withNew(value))).toEqual({ newPassword: message });
  });

  it.each([undefined, ''])('says the confirmation is required when it is %j', (value) => {
    expect(firstErrors(changePasswordSchema, { ...valid, confirmPassword: value })).toEqual({
      confirmPassword: m.confirmPasswordRequired,
    });
  });

  it('says the passwords must match', () => {
    expect(firstErrors(changePasswordSchema, { ...valid, confirmPassword: 'Secret#124' })).toEqual({
      confirmPassword: m.passwordsMustMatch,
    });
  });

  it('refuses a new password equal to the current one', () => {
    expect(
      firstErrors(changePasswordSchema, {
        ...withNew(password.valid),
        currentPassword: password.valid,
      }),
    ).toEqual({
      newPassword: m.newPasswordSameAsCurrent,
    });
  });

  it('only asks for the current password when it is empty, not for a different new one', () => {
    expect(
      firstErrors(changePasswordSchema, {
        ...valid,
        currentPassword: '',
        newPassword: '',
        confirmPassword: '',
      }),
    ).toEqual({
      currentPassword: m.currentPasswordRequired,
      newPassword: m.newPasswordRequired,
      confirmPassword: m.confirmPasswordRequired,
    });
  });

  it('refuses fields it does not know', () => {
    expect(changePasswordSchema.safeParse({ ...valid, email: 'ada@example.com' }).success).toBe(false);
  });
});

describe('fixed: a missing confirmation or link token', () => {
  it('reports a missing confirmation only as required, not also as a mismatch', () => {
    expect(
      allErrorsFor(
        signupSchema,
        { firstName: 'Ann', lastName: 'Lee', email: 'a@b.co', password: 'Abcdef1!' },
        'confirmPassword',
      ),
    ).toEqual(['Confirm Password is required']);
  });

  it('words a missing link token with the catalogue message', () => {
    expect(
      firstErrors(createPasswordSchema, { newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' }).token,
    ).toBe('This link is invalid or has expired. Please ask for a new one.');
  });
});
