import { describe, expect, it } from 'vitest';
import { userRowSchema } from './user-response.schema.ts';

const row = {
  _id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  email: 'brandadmin@demo.test',
  firstName: 'Bea',
  lastName: 'Admin',
  displayName: 'Bea Admin',
  phone: null,
  role: 'brandAdmin',
  entityType: 'brand',
  brandId: '9b2d7c1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  brandName: 'Green Fork',
  groupId: null,
  groupName: null,
  bankId: null,
  status: 'active',
  created: '2026-03-01T09:00:00.000Z',
};

describe('userRowSchema', () => {
  it('answers a row of the Users list as it is, its fields in the same order', () => {
    const answered = userRowSchema.parse(row);
    expect(answered).toEqual(row);
    expect(Object.keys(answered)).toEqual(Object.keys(row));
  });

  it('is an allowlist: a password hash or a token never reaches the answer', () => {
    expect(userRowSchema.parse({ ...row, password_hash: '$argon2id$…', reset_token: 'abc' })).toEqual(row);
  });
});
