import { describe, expect, it } from 'vitest';
import { returnPathOf } from './login-state.ts';

describe('returnPathOf', () => {
  it.each([
    [{ from: '/user/settings/changepassword' }, '/user/settings/changepassword'],
    [{ from: '/user/users?page=2' }, '/user/users?page=2'],
    [{}, '/user'],
    [{ from: '/user/PageNotFound' }, '/user'],
    [{ from: 'https://evil.example/user' }, '/user'],
    [{ from: '/login' }, '/user'],
  ])('after login with %o the user lands on %s', (state, expected) => {
    expect(returnPathOf(state)).toBe(expected);
  });
});
