import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { signInMessages } from './sign-in-messages.ts';

describe('the sign-in part of the message catalogue', () => {
  it('is in the one catalogue under the same keys, so messages.x.y reads the same text', () => {
    for (const [section, texts] of Object.entries(signInMessages)) {
      expect(messages[section as keyof typeof signInMessages]).toBe(texts);
    }
  });

  it('holds only the sections the signed-out screens and every page need', () => {
    expect(Object.keys(signInMessages)).toEqual([
      'common',
      'validation',
      'auth',
      'shell',
      'controls',
      'pageTitles',
      'clickjacking',
    ]);
  });
});
