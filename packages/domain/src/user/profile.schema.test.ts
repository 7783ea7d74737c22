import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  canRenameBrand,
  profileHasBrand,
  profileUpdateQuerySchema,
  profileUpdateSchema,
  type ProfileSubject,
} from './profile.schema.ts';

const m = messages.profile;
const v = messages.validation;

const valid = {
  firstName: 'Mary Ann',
  lastName: 'Smith-Jones',
  phone: '07700 900123',
  address: '1 High Street, Leeds',
  brandName: "Green Fork & Co's (Leeds)",
};

/** The message zod gives for a field, or undefined when the value passes. */
function messageFor(field: string, value: unknown): string | undefined {
  const result = profileUpdateSchema.safeParse({ ...valid, [field]: value });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('the profile form (spec 2 §5)', () => {
  it('accepts a valid profile, taking spaces out of the number and turning an empty address into none', () => {
    expect(profileUpdateSchema.parse({ ...valid, address: '  ' })).toEqual({
      ...valid,
      phone: '07700900123',
      address: null,
    });
  });

  it.each([
    ['firstName', undefined, v.nameRequired],
    ['firstName', '  ', v.nameRequired],
    ['firstName', 'Sam3', m.nameAlphabets],
    ['firstName', 'Jo', v.nameMin],
    ['lastName', 'A'.repeat(101), m.nameMax],
    ['lastName', "O'Brien", m.nameAlphabets],
    ['brandName', '', m.brandRequired],
    ['brandName', 'Ab', m.brandMin],
    ['brandName', 'B'.repeat(101), m.brandMax],
    ['brandName', 'Fork <script>', m.brandCharacters],
    ['phone', '', m.phoneRequired],
    ['phone', undefined, m.phoneRequired],
    ['phone', '0770abc900', m.phoneAlphabets],
    ['phone', '-7700900123', m.phoneMinus],
    ['phone', '12345', m.phoneLength],
    ['phone', '1234567890123456', m.phoneLength],
    ['address', 'x'.repeat(501), v.tooLong],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it('keeps names of 3 to 100 letters, with single spaces or hyphens between words', () => {
    expect(messageFor('firstName', 'Bea')).toBeUndefined();
    expect(messageFor('lastName', 'A'.repeat(100))).toBeUndefined();
    expect(messageFor('phone', '+447700900123')).toBeUndefined();
  });

  it('leaves the brand name out for a user with no brand', () => {
    const { brandName: _brandName, ...withoutBrand } = valid;

    expect(profileUpdateSchema.safeParse(withoutBrand).success).toBe(true);
  });

  it("takes the spec client's email, _id and brandId, and refuses any other field", () => {
    expect(
      profileUpdateSchema.safeParse({ ...valid, email: 'a@b.test', _id: 'x', brandId: null }).success,
    ).toBe(true);
    expect(profileUpdateSchema.safeParse({ ...valid, password: 'Secret!123' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...valid, role: 'companyAdmin' }).success).toBe(false);
  });

  it("reads the spec's query: type=profile and response=true", () => {
    expect(profileUpdateQuerySchema.parse({ type: 'profile', response: 'true' })).toEqual({
      type: 'profile',
      response: 'true',
    });
    expect(profileUpdateQuerySchema.safeParse({ type: 'admin' }).success).toBe(false);
  });
});

describe('the brand name on My Profile', () => {
  const subject = (overrides: Partial<ProfileSubject>): ProfileSubject => ({
    entityType: 'brand',
    role: 'user',
    brandId: 'b1',
    isClientAdmin: false,
    ...overrides,
  });

  it.each([
    ['companyAdmin', true],
    ['brandAdmin', true],
    ['user', false],
    ['brandUser', false],
  ] as const)('may be renamed by a %s of the brand: %s', (role, expected) => {
    expect(canRenameBrand(subject({ role }))).toBe(expected);
  });

  it('is shown to users of one brand only', () => {
    expect(profileHasBrand(subject({}))).toBe(true);
    expect(profileHasBrand(subject({ role: 'groupAdmin', brandId: null }))).toBe(false);
    expect(profileHasBrand(subject({ isClientAdmin: true, role: 'brandUser', brandId: null }))).toBe(false);
    expect(profileHasBrand(subject({ entityType: 'bank', role: null, brandId: null }))).toBe(false);
    expect(canRenameBrand(subject({ entityType: 'cardprovider', role: null }))).toBe(false);
  });
});
