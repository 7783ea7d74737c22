import type { Browser } from 'playwright-core';

/** Everything /login loads on a first visit, compressed, at most this many bytes. */
export const loginTargetBytes = 170 * 1024;

/** One response a page loaded: its path, how its body was encoded, and the bytes sent. */
export interface LoadedResource {
  url: string;
  encoding: string;
  bodyBytes: number;
  headerBytes: number;
}

/**
 * Opens `url` in a fresh browser context (empty cache) asking for `acceptEncoding` and lists every
 * response the page loads until the network is idle and the sign-in form shows: the encoded body
 * as sent and its headers. The browser journeys hold /login to its target with it; the web
 * benchmark prints it.
 */
export async function firstVisit(
  browser: Browser,
  url: string,
  acceptEncoding: string,
): Promise<LoadedResource[]> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': acceptEncoding } });
  const page = await context.newPage();
  const responses: Promise<LoadedResource>[] = [];
  page.on('requestfinished', (request) => {
    responses.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          url: request.url().replace(/^https?:\/\/[^/]+/, ''),
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          bodyBytes: sizes.responseBodySize,
          headerBytes: sizes.responseHeadersSize,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').waitFor();
  const resources = await Promise.all(responses);
  await context.close();
  return resources;
}

/** The bytes a first visit transferred: bodies as sent plus headers. */
export const transferredBytes = (resources: LoadedResource[]) =>
  resources.reduce((sum, resource) => sum + resource.bodyBytes + resource.headerBytes, 0);
