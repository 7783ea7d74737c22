import { ApiError } from './api-client.ts';

/** A refusal that says nothing about the request: the same request may succeed in a moment (503). */
export function isTemporarilyUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/**
 * How often a query is tried again: while the service is unavailable, until it answers (the page
 * waits with its data kept; docs/decisions.md 'Serving through database faults'); after any other
 * failure, once.
 */
export function retryQuery(failureCount: number, error: Error): boolean {
  return isTemporarilyUnavailable(error) || failureCount < 1;
}

/** The session is tried again only while the service is unavailable: a refusal is an answer. */
export function retrySession(_failureCount: number, error: Error): boolean {
  return isTemporarilyUnavailable(error);
}

/** 1 s, 2 s, 4 s … at most 15 s between tries. */
export function retryDelay(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, 15_000);
}
