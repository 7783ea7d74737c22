import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@krowd/domain/messages/messages';
import { invalidField } from '../http/errors.ts';

const nul = '\u0000';

/**
 * No route takes JSON nested deeper than a handful of levels; a body nested thousands deep (a
 * fuzz input) overflowed the stack of the walk below and answered 500. Deeper input is refused.
 */
export const maxInputDepth = 32;

/**
 * Refuses a NUL character or a lone surrogate anywhere in a request's query, path parameters or
 * JSON body, keys included, with a 400 naming the field. PostgreSQL cannot store NUL in text, so without this
 * check it surfaced as a 500 from whichever statement met it first. Checked on the raw input and
 * again on the validated one, since a schema may decode text that carried the NUL escaped (a JSON
 * filter in the query). Registered after the access hook, so a caller who may not use a route
 * learns nothing from its input rules.
 */
export function registerTextInputChecks(app: FastifyInstance) {
  const refuseNul = async (request: FastifyRequest) => {
    const body = request.routeOptions.config.rowsCheckedByRoute ? undefined : request.body;
    const found =
      fieldWithNul(request.query, '', 0) ?? fieldWithNul(request.params, '', 0) ?? fieldWithNul(body, '', 0);
    if (found === undefined) return;
    throw invalidField(found.field || 'body', found.problem);
  };
  app.addHook('preValidation', refuseNul);
  app.addHook('preHandler', refuseNul);
}

/** Parsed JSON and query strings; not a streamed upload (an object too, with a socket inside) or bytes. */
function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  return !(value instanceof Uint8Array) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}

interface Refused {
  /** The dotted path of the field. */
  field: string;
  problem: string;
}

/** A NUL character, or a lone surrogate (PostgreSQL would store U+FFFD in its place). */
function textProblem(text: string, field: string): Refused | undefined {
  if (text.includes(nul)) return { field, problem: messages.validation.nulCharacter };
  if (!text.isWellFormed()) return { field, problem: messages.validation.notWellFormedText };
  return undefined;
}

/**
 * The first string or key holding a NUL character or a lone surrogate, or the first value nested deeper than
 * `maxInputDepth`, with its dotted path; undefined when there is none.
 */
function fieldWithNul(value: unknown, path: string, depth: number): Refused | undefined {
  if (typeof value === 'string') return textProblem(value, path);
  if (value === null || typeof value !== 'object' || !isPlainData(value)) return undefined;
  if (depth >= maxInputDepth) return { field: path, problem: messages.validation.nestedTooDeep };
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithNul(item, path ? `${path}.${index}` : String(index), depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyPath = path ? `${path}.${key}` : key;
    const inKey = textProblem(key, keyPath.replaceAll(nul, '').toWellFormed());
    if (inKey !== undefined) return inKey;
    const found = fieldWithNul(item, keyPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
