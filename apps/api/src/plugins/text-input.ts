import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@krowd/domain/messages/messages';
import { invalidField } from '../http/errors.ts';

const nul = '\u0000';

/**
 * Refuses a NUL character anywhere in a request's query, path parameters or JSON body, keys
 * included, with a 400 naming the field. PostgreSQL cannot store NUL in text, so without this
 * check it surfaced as a 500 from whichever statement met it first. Checked on the raw input and
 * again on the validated one, since a schema may decode text that carried the NUL escaped (a JSON
 * filter in the query). Registered after the access hook, so a caller who may not use a route
 * learns nothing from its input rules.
 */
export function registerTextInputChecks(app: FastifyInstance) {
  const refuseNul = async (request: FastifyRequest) => {
    const body = request.routeOptions.config.rowsCheckedByRoute ? undefined : request.body;
    const field =
      fieldWithNul(request.query, '') ?? fieldWithNul(request.params, '') ?? fieldWithNul(body, '');
    if (field === undefined) return;
    const name = field || 'body';
    throw invalidField(name, messages.validation.nulCharacter);
  };
  app.addHook('preValidation', refuseNul);
  app.addHook('preHandler', refuseNul);
}

/** Parsed JSON and query strings; not a streamed upload (an object too, with a socket inside) or bytes. */
function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  return !(value instanceof Uint8Array) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/** The dotted path of the first string, or key, holding a NUL character; undefined when none. */
function fieldWithNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes(nul) ? path : undefined;
  if (value === null || typeof value !== 'object' || !isPlainData(value)) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithNul(item, path ? `${path}.${index}` : String(index));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (key.includes(nul)) return keyPath.replaceAll(nul, '');
    const found = fieldWithNul(item, keyPath);
    if (found !== undefined) return found;
  }
  return undefined;
}
