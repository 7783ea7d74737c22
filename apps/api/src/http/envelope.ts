import { z } from 'zod';
import { errorCodes } from './errors.ts';

/**
 * The response envelope (brief §3): a success carries respCode (200 read/create, 205 update,
 * 206 delete) and respMessage when a message is shown; a failure carries errorMessage and a
 * machine-readable code (decision 0076).
 */
export const respCodes = { ok: 200, updated: 205, deleted: 206 } as const;

/** The stable machine-readable code of an error answer (http/errors.ts lists them). */
export const errorCodeSchema = z.enum(errorCodes).meta({
  description: 'What went wrong, for a client to branch on; errorMessage is for people and may change.',
});

/**
 * Every failure's body. Its id makes it one component of the OpenAPI document
 * (`#/components/schemas/ErrorBody`) that each error answer refers to, rather than a copy in each
 * (decision 0099): generated clients get one named type for it. A schema extending it is its own.
 */
export const errorBodySchema = z
  .object({
    code: errorCodeSchema,
    errorMessage: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The failures any route may answer; routes list them beside their success schema. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
} as const;

export function successSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({
    respCode: z.number().int(),
    respMessage: z.string().optional(),
    ...shape,
  });
}

export const messageOnlySchema = successSchema({});
