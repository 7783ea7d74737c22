import { signInMessages } from '@krowd/domain/messages/sign-in-messages';
import { serviceStatus } from './service-status.ts';
import { sessionEvents } from './session-events.ts';
import {
  progressLinesType,
  sendWithProgress,
  type ProgressCallbacks,
  type ReadAnswer,
} from './upload-request.ts';

/** An API failure: the server's errorMessage (what the user sees) and the fields it names. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** The whole error answer, for calls whose refusals carry more (an upload's per-line errors). */
    readonly payload?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A file's text (or the file itself, bytes untouched) sent as it is, instead of a JSON body. */
  file?: { contentType: string; text: string | Blob };
  /** A multipart form (file uploads); the browser writes its content type and boundary. */
  form?: FormData;
  signal?: AbortSignal;
  /**
   * A 401 normally means the session ended: the shell's 'Session Expired' modal takes over.
   * Sign-in calls answer 401 for wrong credentials and handle it in their form instead.
   */
  sessionRequired?: boolean;
  /** A visitor's social analytics pass (docs/social-analytics.md), sent as X-Insights-Pass. */
  insightsPass?: string;
  /**
   * An upload's progress: bytes sent, then (from routes that answer in lines) the server's rows
   * read and qualified. With either, the request goes by XMLHttpRequest (upload-request.ts).
   */
  progress?: ProgressCallbacks;
}

/**
 * The one API client. The session travels in an httpOnly cookie the browser sends itself;
 * nothing secret is kept in storage. Success is a 2xx with respCode; anything else throws ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  let answer: ReadAnswer;
  try {
    const { body, file, form, insightsPass, progress } = options;
    const contentType = file
      ? { 'content-type': file.contentType }
      : body === undefined
        ? undefined
        : { 'content-type': 'application/json' };
    const init = {
      method: options.method ?? 'GET',
      headers: {
        ...contentType,
        ...(insightsPass ? { 'x-insights-pass': insightsPass } : {}),
      } as Record<string, string>,
      body: form ?? (file ? file.text : body === undefined ? undefined : JSON.stringify(body)),
      signal: options.signal,
    };
    if (progress) {
      if (progress.onServerProgress) init.headers = { ...init.headers, accept: progressLinesType };
      answer = await sendWithProgress(url, init, progress);
    } else {
      const response = await fetch(url, { ...init, credentials: 'same-origin' });
      answer = { status: response.status, payload: await response.json().catch(() => undefined) };
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, signInMessages.common.couldNotReachServer);
  }
  const payload = answer.payload as
    { errorMessage?: string; fieldErrors?: Record<string, string> } | undefined;
  if (answer.status === 503) serviceStatus.markUnavailable();
  else serviceStatus.markAvailable();
  if (answer.status < 200 || answer.status >= 300) {
    if (answer.status === 401 && options.sessionRequired !== false) sessionEvents.markExpired();
    throw new ApiError(
      answer.status,
      payload?.errorMessage ?? signInMessages.common.somethingWentWrong,
      payload?.fieldErrors,
      payload,
    );
  }
  return payload as T;
}
