import { describe, expect, it } from 'vitest';
import { rewriteProfileUpdateUrl } from './profile-url.rules.ts';

describe('rewriteProfileUpdateUrl', () => {
  it('sends PUT users/{id}?type=profile to the profile route, keeping the query', () => {
    expect(rewriteProfileUpdateUrl('PUT', '/api/users/abc?type=profile&response=true')).toBe(
      '/api/users/abc/profile?type=profile&response=true',
    );
  });

  it.each([
    ['PUT', '/api/users/abc'],
    ['PUT', '/api/users/abc?type=other'],
    ['GET', '/api/users/abc?type=profile'],
    ['PUT', '/api/users/abc/profile?type=profile'],
    ['PUT', '/api/merchants/abc?type=profile'],
  ])('leaves %s %s as it is', (method, url) => {
    expect(rewriteProfileUpdateUrl(method, url)).toBe(url);
  });
});
