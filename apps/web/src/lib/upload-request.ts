/**
 * The transport of an upload that reports its progress (docs/decisions.md 'Progress of uploads and
 * exports'): XMLHttpRequest, whose upload events count the bytes sent. fetch cannot: Chromium
 * streams a request body only over HTTP/2 with `duplex: 'half'`, and the product is served over
 * HTTP/1.1 too. An answer in lines (application/x-ndjson) is read as it arrives: each
 * `{"progress":…}` line is the server's progress, the last line `{"status":…,"answer":…}` the answer.
 * Used by the one API client (api-client.ts) only.
 */

/** Bytes of the body sent so far, of `total`. */
export interface BytesSent {
  sent: number;
  total: number;
}

/** What the server has done with the upload so far (rows read of the file, rows qualified). */
export interface ServerProgress {
  rowsRead: number;
  rowsQualified: number;
}

export interface ProgressCallbacks {
  onUploadProgress?: (progress: BytesSent) => void;
  onServerProgress?: (progress: ServerProgress) => void;
}

/** An answer as the client reads it: its status and its JSON payload (undefined when none). */
export interface ReadAnswer {
  status: number;
  payload: unknown;
}

export const progressLinesType = 'application/x-ndjson';

/** Reads complete lines of `text` from `offset`, calling `onLine` with each; answers the new offset. */
export function readLines(text: string, offset: number, onLine: (line: string) => void): number {
  let start = offset;
  for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
    const line = text.slice(start, end).trim();
    if (line) onLine(line);
    start = end + 1;
  }
  return start;
}

/** What a line answer ends with: its last `{"status","answer"}` line, progress lines reported. */
export function lineAnswerReader(onServerProgress: ProgressCallbacks['onServerProgress']) {
  let final: ReadAnswer | undefined;
  return {
    onLine(line: string) {
      const parsed = JSON.parse(line) as { progress?: ServerProgress; status?: number; answer?: unknown };
      if (parsed.progress) onServerProgress?.(parsed.progress);
      else if (typeof parsed.status === 'number') final = { status: parsed.status, payload: parsed.answer };
    },
    get final() {
      return final;
    },
  };
}

/**
 * Sends the request with XMLHttpRequest, reporting bytes sent and the server's progress. Rejects
 * with an AbortError when `signal` aborts (the connection is closed: the server drops the upload),
 * with a TypeError when the server cannot be reached.
 */
export function sendWithProgress(
  url: URL,
  init: {
    method: string;
    headers: Record<string, string>;
    body: XMLHttpRequestBodyInit | undefined;
    signal?: AbortSignal;
  },
  callbacks: ProgressCallbacks,
): Promise<ReadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    const lines = lineAnswerReader(callbacks.onServerProgress);
    let offset = 0;
    const isLines = () => (xhr.getResponseHeader('content-type') ?? '').startsWith(progressLinesType);
    const handleAbort = () => xhr.abort();
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) callbacks.onUploadProgress?.({ sent: event.loaded, total: event.total });
    };
    xhr.onprogress = () => {
      if (isLines()) offset = readLines(xhr.responseText, offset, lines.onLine);
    };
    xhr.onload = () => {
      init.signal?.removeEventListener('abort', handleAbort);
      if (isLines()) {
        readLines(`${xhr.responseText}\n`, offset, lines.onLine);
        resolve(lines.final ?? { status: 500, payload: undefined });
        return;
      }
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      resolve({ status: xhr.status, payload });
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (init.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    init.signal?.addEventListener('abort', handleAbort, { once: true });
    xhr.send(init.body ?? null);
  });
}
