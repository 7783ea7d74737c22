import { z } from 'zod';
import type { NotQualifiedCursor } from './not-qualified.repository.ts';

/**
 * The drill-down's page cursor: the last row's local time to the microsecond (as the repository
 * writes it, 2025-06-03T12:00:00.000000) and its id, handed to the client as an opaque string
 * (base64url of the JSON pair) and sent back as `after`. Anything else is refused with a 400.
 */

const localDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const pairSchema = z.tuple([z.string().regex(localDateTimePattern), z.uuid()]);

/** Whether the wall time exists on the calendar (no 30 February, no 25:00), so PostgreSQL reads it. */
function isCalendarTime(localDateTime: string): boolean {
  const milliseconds = localDateTime.slice(0, 23);
  const date = new Date(`${milliseconds}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === milliseconds;
}

export function encodeNotQualifiedCursor(cursor: NotQualifiedCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** The cursor a string names, or null when it is not one this API wrote. */
export function decodeNotQualifiedCursor(text: string): NotQualifiedCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const pair = pairSchema.safeParse(value);
  if (!pair.success || !isCalendarTime(pair.data[0])) return null;
  return { at: pair.data[0], id: pair.data[1] };
}
