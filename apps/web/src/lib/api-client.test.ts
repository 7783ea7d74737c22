import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';
import { serviceStatus } from './service-status.ts';
import { sessionEvents } from './session-events.ts';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionEvents.reset();
  serviceStatus.markAvailable();
});

describe('apiRequest', () => {
  it('answers the body of a success', async () => {
    answer(200, { respCode: 200, details: { name: 'Green Fork' } });
    await expect(apiRequest('brands/1')).resolves.toEqual({ respCode: 200, details: { name: 'Green Fork' } });
  });

  it('sends JSON bodies and query parameters to /api', async () => {
    answer(200, { respCode: 200 });
    await apiRequest('auth/forgotPassword', {
      method: 'POST',
      query: { email: 'a@b.co', skip: undefined },
      body: {},
    });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/forgotPassword\?email=a%40b\.co$/);
    expect(init).toMatchObject({
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('sends an insights pass as X-Insights-Pass, beside the JSON content type', async () => {
    answer(200, { respCode: 200 });
    await apiRequest('insights/updatebrandDetails/v1', { method: 'POST', body: {}, insightsPass: 'p-1' });
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(init?.headers).toEqual({ 'content-type': 'application/json', 'x-insights-pass': 'p-1' });
  });

  it("throws the server's errorMessage and field errors", async () => {
    answer(400, {
      errorMessage: 'Please provide a valid email',
      fieldErrors: { email: 'Please provide a valid email' },
    });
    const error = await apiRequest('auth/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Please provide a valid email',
      fieldErrors: { email: 'Please provide a valid email' },
    });
  });

  it('raises the session-expired flag on a 401', async () => {
    answer(401, { errorMessage: 'Session expired, please login again.' });
    await expect(apiRequest('users/1')).rejects.toThrow('Session expired, please login again.');
    expect(sessionEvents.isExpired()).toBe(true);
  });

  it('leaves the flag alone for sign-in calls, whose 401 means wrong credentials', async () => {
    answer(401, { errorMessage: 'Invalid email or password.' });
    await expect(
      apiRequest('auth/login', { method: 'POST', body: {}, sessionRequired: false }),
    ).rejects.toThrow('Invalid email or password.');
    expect(sessionEvents.isExpired()).toBe(false);
  });

  it("says 'Could Not reach server' when the network fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('settings')).rejects.toThrow('Could Not reach server');
  });
});

describe('apiRequest with a file', () => {
  it('sends the text as it is, with its content type', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"respCode":200}', { status: 200 })),
    );
    await apiRequest('campaigns/upload', {
      method: 'POST',
      file: { contentType: 'text/csv', text: 'code\nA1' },
    });
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(init).toMatchObject({ body: 'code\nA1', headers: { 'content-type': 'text/csv' } });
  });

  it('says the service is unavailable on a 503, and available again at the next answer', async () => {
    answer(503, { errorMessage: 'The service is unavailable for a moment: nothing was changed.' });
    await expect(apiRequest('campaigns')).rejects.toMatchObject({ status: 503 });
    expect(serviceStatus.isUnavailable()).toBe(true);
    expect(sessionEvents.isExpired()).toBe(false);

    answer(200, { respCode: 200 });
    await apiRequest('campaigns');
    expect(serviceStatus.isUnavailable()).toBe(false);
  });
});
