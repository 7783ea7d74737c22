import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installCatalogueErrors } from '@krowd/domain/validation/catalogue-errors';
import { takeContractDrifts } from './stub-api.ts';

// As main.tsx does: the catalogue's messages, and no list of common passwords (the server has it).
installCatalogueErrors();

// findBy and waitFor wait for what a test expects to appear, and pass as soon as it does: their
// 1 s default failed tests on a shared machine under load (a Mantine select opening, a debounced
// call), and so did 4 s once (the social analytics screen still busy, with the unit suites run
// twice at once at a load of 20 on 2 cores). A generous limit costs nothing when the screen is right.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads the colour-scheme media query; happy-dom has no matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Mantine's notifications live in one store for the whole file: a test's toast would otherwise
// still be shown in the next test, which then finds its own message twice.
// A fixture the stubbed API served that the route could not send fails its test (stub-api.ts);
// checked after the cleanup, in the same hook, so a failing test leaves no screen to the next.
afterEach(() => {
  cleanup();
  notifications.clean();
  const drifts = takeContractDrifts();
  if (drifts.length === 0) return;
  throw new Error(`fixtures drifted from the API contract:\n${drifts.join('\n')}`);
});

/**
 * happy-dom's XMLHttpRequest goes to the network. Uploads that report progress use it
 * (lib/upload-request.ts): here it is answered by the test's stubbed fetch, reporting the whole
 * body sent before the answer, so a test stubs one function whichever way a call goes.
 */
class FetchBackedXhr {
  status = 0;
  responseText = '';
  readonly upload: { onprogress: ((event: ProgressEventInit) => void) | null } = { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private responseHeaders = new Headers();
  private readonly aborted = new AbortController();

  open(method: string, url: string | URL) {
    this.method = method;
    this.url = String(url);
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getResponseHeader(name: string) {
    return this.responseHeaders.get(name);
  }

  abort() {
    this.aborted.abort();
    this.onabort?.();
  }

  send(body: BodyInit | null) {
    const size = body instanceof Blob ? body.size : typeof body === 'string' ? body.length : 0;
    void (async () => {
      try {
        this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size });
        const response = await fetch(new URL(this.url), {
          method: this.method,
          headers: this.headers,
          body,
          signal: this.aborted.signal,
        });
        if (this.aborted.signal.aborted) return;
        this.status = response.status;
        this.responseHeaders = response.headers;
        this.responseText = await response.text();
        this.onprogress?.();
        this.onload?.();
      } catch {
        if (!this.aborted.signal.aborted) this.onerror?.();
      }
    })();
  }
}
Object.defineProperty(window, 'XMLHttpRequest', { value: FetchBackedXhr, writable: true });
