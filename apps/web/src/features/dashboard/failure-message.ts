import { messages } from '@krowd/domain/messages/messages';
import { ApiError } from '@/lib/api-client';

/** The message of a failed call: the server's responseMessage or respMessage when it gives one. */
export function failureMessage(
  error: unknown,
  fallback: string = messages.common.somethingWentWrong,
): string {
  if (error instanceof ApiError) {
    const payload = (error.payload ?? {}) as { responseMessage?: unknown; respMessage?: unknown };
    if (typeof payload.responseMessage === 'string') return payload.responseMessage;
    if (typeof payload.respMessage === 'string') return payload.respMessage;
    return error.message;
  }
  return error instanceof Error ? error.message : fallback;
}
