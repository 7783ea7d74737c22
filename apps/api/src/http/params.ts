import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';

/** The `:id` path parameter of every route that names one record. */
export const idParamsSchema = z.strictObject({ id: z.uuid(messages.validation.idInvalid) });
