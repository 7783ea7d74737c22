import { describe, expect, it } from 'vitest';

/**
 * The guard of 'one date-format rule' (spec 1 §9, spec 2 §9, spec 3 §9; the domain's
 * calendar/date-format.rules.ts): every date, month or date-time a user types goes through the
 * shared fields of components/ui/date-fields.tsx, which show the spec's format for where they are.
 * A browser's own date input shows the browser's locale (mm/dd/yyyy in an American one), and a
 * picker set up by hand can drift from the rule.
 */
const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const sharedFields = '../components/ui/date-fields.tsx';
const nativeDateInput = /type=["'](date|month|datetime-local|week)["']/;
const mantinePicker = /from '@mantine\/dates'/;

describe('every date input', () => {
  it('is one of the shared date fields, never a browser date input', () => {
    const native = Object.entries(sources)
      .filter(([, text]) => nativeDateInput.test(text))
      .map(([file]) => file);
    expect(native).toEqual([]);
  });

  it('takes Mantine’s pickers only through the shared date fields', () => {
    const direct = Object.entries(sources)
      .filter(([file, text]) => file !== sharedFields && mantinePicker.test(text))
      .map(([file]) => file);
    expect(direct).toEqual([]);
    expect(Object.keys(sources)).toContain(sharedFields);
  });
});
