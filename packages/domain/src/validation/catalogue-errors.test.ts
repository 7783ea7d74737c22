import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../messages/messages.ts';
import { installCatalogueErrors } from './catalogue-errors.ts';

const m = messages.validation;

beforeAll(() => {
  installCatalogueErrors();
});

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe("zod's own messages give way to the catalogue's", () => {
  it.each([
    ['a malformed id', z.uuid(), 'not-an-id', m.invalidValue],
    ['an unknown option', z.enum(['budget', 'na']), 'monthly', m.invalidValue],
    ['a missing field', z.object({ name: z.string() }), {}, m.required],
    ['an empty required text', z.string().min(1), '', m.required],
    ['a text too long', z.string().max(3), 'abcd', m.tooLong],
    ['a number of the wrong type', z.number(), 'seven', m.invalidValue],
    ['a field not accepted', z.strictObject({}), { extra: 1 }, m.unexpectedField],
  ])('%s', (_case, schema, value, message) => {
    expect(messageOf(schema, value)).toEqual([message]);
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.email({ error: m.emailInvalid }), 'nope')).toEqual([m.emailInvalid]);
  });
});
