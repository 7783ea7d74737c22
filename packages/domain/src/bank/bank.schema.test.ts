import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { bankListQuerySchema, bankUpdateSchema } from './bank.schema.ts';

const m = messages.bank;

const valid = {
  name: 'Demo Bank',
  contactEmail: 'partners@demobank.test',
  contactPhone: '020 7946 0123',
  address: '1 Bank Street, London',
  website: 'https://demobank.test',
};

function messageFor(field: string, value: unknown): string | undefined {
  const result = bankUpdateSchema.safeParse({ ...valid, [field]: value });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('the My Bank form', () => {
  it('accepts the details, taking spaces out of the number', () => {
    expect(bankUpdateSchema.parse(valid)).toEqual({ ...valid, contactPhone: '02079460123' });
  });

  it('turns empty optional details into none', () => {
    expect(
      bankUpdateSchema.parse({
        name: 'Demo Bank',
        contactEmail: '',
        contactPhone: ' ',
        address: '',
        website: '',
      }),
    ).toEqual({ name: 'Demo Bank', contactEmail: null, contactPhone: null, address: null, website: null });
  });

  it.each([
    ['name', '', m.nameRequired],
    ['name', undefined, m.nameRequired],
    ['name', 'DB', m.nameMin],
    ['name', 'B'.repeat(101), m.nameMax],
    ['contactEmail', 'not-an-email', messages.validation.emailInvalid],
    ['contactPhone', '12ab', messages.profile.phoneLength],
    ['website', 'javascript:alert(1)', messages.branch.linkInvalid],
    ['address', 'x'.repeat(501), messages.validation.tooLong],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it('refuses fields it does not know', () => {
    expect(bankUpdateSchema.safeParse({ ...valid, id: 'x' }).success).toBe(false);
  });
});

describe('the banks list query', () => {
  it('reads page, limit and the filters as one JSON text', () => {
    expect(
      bankListQuerySchema.parse({
        page: '2',
        limit: '25',
        filters: JSON.stringify({
          globalSearch: { value: 'demo', type: 'user' },
          sortField: { direction: 'asc', sortfield: 'usersCount' },
        }),
      }),
    ).toEqual({
      page: 2,
      limit: 25,
      filters: {
        globalSearch: { value: 'demo', type: 'user' },
        sortField: { direction: 'asc', sortfield: 'usersCount' },
      },
    });
  });

  it('defaults to the first page of 10 with no filters', () => {
    expect(bankListQuerySchema.parse({})).toEqual({ page: 1, limit: 10, filters: {} });
  });

  it('refuses a status filter, an unknown sort field and unknown parameters', () => {
    const status = { dropDown: { key: 'status', value: 'Active', type: 'eq' } };
    expect(bankListQuerySchema.safeParse({ filters: JSON.stringify(status) }).success).toBe(false);
    const sort = { sortField: { direction: 'asc', sortfield: 'password' } };
    expect(bankListQuerySchema.safeParse({ filters: JSON.stringify(sort) }).success).toBe(false);
    expect(bankListQuerySchema.safeParse({ brandId: 'x' }).success).toBe(false);
  });
});
