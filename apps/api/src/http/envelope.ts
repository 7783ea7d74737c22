import { z } from 'zod';

/**
 * The response envelope (brief §3): a success carries respCode (200 read/create, 205 update,
 * 206 delete) and respMessage when a message is shown; a failure carries errorMessage only.
 */
export const respCodes = { ok: 200, updated: 205, deleted: 206 } as const;

export const errorBodySchema = z.object({
  errorMessage: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The failures any route may answer; routes list them beside their success schema. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

export function successSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({
    respCode: z.number().int(),
    respMessage: z.string().optional(),
    ...shape,
  });
}

export const messageOnlySchema = successSchema({});
