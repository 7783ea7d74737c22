import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  bankUserFormSchema,
  brandUserFormSchema,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
} from './user.schema.ts';

const m = messages.user;

const valid = {
  firstName: 'Mary-Ann',
  lastName: 'O.Neil Smith',
  email: 'Mary.Ann@Example.TEST',
  phone: '07700 900123',
  role: 'brandAdmin',
};

/** The message zod gives for a field, or undefined when the value passes. */
function messageFor(schema: typeof userCreateSchema, values: Record<string, unknown>, field: string) {
  const result = schema.safeParse({ ...valid, ...values });
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('userCreateSchema', () => {
  it('accepts a complete user, lower-casing the e-mail and dropping spaces from the phone', () => {
    expect(userCreateSchema.parse(valid)).toEqual({
      firstName: 'Mary-Ann',
      lastName: 'O.Neil Smith',
      email: 'mary.ann@example.test',
      phone: '07700900123',
      role: 'brandAdmin',
    });
  });

  it.each([
    { field: 'firstName', value: '', message: m.nameRequired },
    { field: 'firstName', value: '   ', message: m.nameRequired },
    { field: 'firstName', value: 'Al', message: m.nameMin },
    { field: 'firstName', value: 'A'.repeat(101), message: m.nameMax },
    { field: 'firstName', value: 'Ann3', message: m.nameCharacters },
    { field: 'lastName', value: 'Smith!', message: m.nameCharacters },
    { field: 'lastName', value: undefined, message: m.nameRequired },
    { field: 'email', value: '', message: messages.validation.emailRequired },
    { field: 'email', value: 'not-an-email', message: messages.validation.emailInvalid },
    { field: 'phone', value: '', message: m.phoneRequired },
    { field: 'phone', value: undefined, message: m.phoneRequired },
    { field: 'phone', value: '+447700900', message: m.phoneDigits },
    { field: 'phone', value: '0770-090', message: m.phoneDigits },
    { field: 'phone', value: '123456', message: m.phoneLength },
    { field: 'phone', value: '1234567890123', message: m.phoneLength },
    { field: 'role', value: 'superAdmin', message: m.roleRequired },
    { field: 'role', value: '', message: m.roleRequired },
    { field: 'brandId', value: 'not-a-uuid', message: messages.validation.idInvalid },
  ])('says "$message" for $field = $value', ({ field, value, message }) => {
    expect(messageFor(userCreateSchema, { [field]: value }, field)).toBe(message);
  });

  it.each(['jo_smith', 'Jo Smith', 'jo@home', 'J.R. Smith', 'Anne-Marie'])(
    'accepts the name %s (letters, _, -, space, @ and .)',
    (name) => {
      expect(messageFor(userCreateSchema, { firstName: name }, 'firstName')).toBeUndefined();
    },
  );

  it('leaves the role out for a bank user (the server decides whether one is needed)', () => {
    const { role: _role, ...bankUser } = valid;
    expect(userCreateSchema.safeParse(bankUser).success).toBe(true);
  });

  it('refuses a password or any other unknown field', () => {
    const result = userCreateSchema.safeParse({ ...valid, password: 'Secret!123' });
    expect(result.success).toBe(false);
  });
});

describe('userUpdateSchema', () => {
  it('takes any of the fields alone', () => {
    expect(userUpdateSchema.parse({ phone: '07700900999' })).toEqual({ phone: '07700900999' });
    expect(userUpdateSchema.parse({ role: 'brandUser' })).toEqual({ role: 'brandUser' });
  });

  it.each(['email', 'password', 'confirmPassword'])(
    'refuses %s: it is never changed by an update',
    (field) => {
      const result = userUpdateSchema.safeParse({ firstName: 'Maria', [field]: 'x' });
      expect(result.success).toBe(false);
    },
  );

  it('checks what it takes with the form rules', () => {
    const result = userUpdateSchema.safeParse({ firstName: 'Al' });
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(m.nameMin);
  });
});

describe('the screens forms', () => {
  it('requires a role on the Users screen', () => {
    const { role: _role, ...noRole } = valid;
    const result = brandUserFormSchema.safeParse(noRole);
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(m.roleRequired);
  });

  it('has no role on the Bank Users screen', () => {
    expect(bankUserFormSchema.safeParse(valid).success).toBe(false);
    const { role: _role, ...bankUser } = valid;
    expect(bankUserFormSchema.safeParse(bankUser).success).toBe(true);
  });
});

describe('userListQuerySchema', () => {
  it('defaults to page 1 of 10 with no filters', () => {
    expect(userListQuerySchema.parse({})).toEqual({ page: 1, limit: 10, filters: {} });
  });

  it('reads the filters JSON with search, status and a user sort field', () => {
    const filters = {
      globalSearch: { value: 'mary', type: 'user' },
      dropDown: { key: 'status', value: 'active', type: 'eq' },
      sortField: { direction: 'asc', sortfield: 'displayName' },
    };
    expect(userListQuerySchema.parse({ filters: JSON.stringify(filters) }).filters).toEqual(filters);
  });

  it.each([
    { filters: { sortField: { direction: 'asc', sortfield: 'password_hash' } } },
    { filters: { dropDown: { key: 'status', value: 'deleted', type: 'eq' } } },
    { filters: { other: 1 } },
  ])('refuses filters it does not know: $filters', ({ filters }) => {
    expect(userListQuerySchema.safeParse({ filters: JSON.stringify(filters) }).success).toBe(false);
  });
});
