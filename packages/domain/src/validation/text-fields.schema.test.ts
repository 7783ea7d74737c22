import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../messages/messages.ts';
import { optionalChecked, webLink, withoutSpaces } from './text-fields.schema.ts';

const website = optionalChecked(z.string().regex(webLink, messages.branch.linkInvalid), 20);

describe('the shared text fields', () => {
  it('reads an empty or missing optional text as none', () => {
    expect(website.parse('  ')).toBeNull();
    expect(website.parse(undefined)).toBeUndefined();
  });

  it('checks an optional text only when it is given, trimmed', () => {
    expect(website.parse(' https://a.uk ')).toBe('https://a.uk');
    expect(website.safeParse('a.uk').error?.issues[0]?.message).toBe(messages.branch.linkInvalid);
  });

  it('refuses an optional text over its length', () => {
    expect(website.safeParse(`https://${'a'.repeat(20)}`).error?.issues[0]?.message).toBe(
      messages.validation.tooLong,
    );
  });

  it('takes the spaces out of a number and leaves other values alone', () => {
    expect(withoutSpaces('020 7946 0000')).toBe('02079460000');
    expect(withoutSpaces(7)).toBe(7);
  });
});
