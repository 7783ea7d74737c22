import { describe, expect, it } from 'vitest';
import { mayBeSignedIn } from './session.ts';

describe('mayBeSignedIn (the server’s signed-in hint)', () => {
  it('is true when the hint cookie is among the page’s cookies, wherever it stands', () => {
    expect(mayBeSignedIn('krowd_signed_in=1')).toBe(true);
    expect(mayBeSignedIn('theme=dark; krowd_signed_in=1; lang=en')).toBe(true);
  });

  it('is false without it, or with a cookie whose name only ends like it', () => {
    expect(mayBeSignedIn('')).toBe(false);
    expect(mayBeSignedIn('theme=dark')).toBe(false);
    expect(mayBeSignedIn('not_krowd_signed_in=1')).toBe(false);
  });
});
