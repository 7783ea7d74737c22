import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, loginAs, type App, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/settings', () => {
  it('answers anyone the product settings with their defaults', async () => {
    const response = await call(app, { url: '/api/settings' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      settings: {
        languages: ['en'],
        timezone: 'America/New_York',
        sessionIdleMinutes: 30,
        campaignOverviewDelay: 5.75,
        autoDebit: 'true',
        midSilentDays: 7,
      },
    });
  });

  it('answers a signed-in user the same', async () => {
    const { token } = await loginAs(app, 'user@demo.test');

    const response = await call(app, { url: '/api/settings', token });

    expect(response.json().settings.timezone).toBe('America/New_York');
  });

  it('reflects values stored in the database', async () => {
    const setAutoDebit = (value: string) =>
      testApp.db
        .updateTable('settings')
        .set({ value: JSON.stringify(value) })
        .where('key', '=', 'autoDebit')
        .execute();
    await setAutoDebit('Mandatory');
    try {
      const response = await call(app, { url: '/api/settings' });

      expect(response.json().settings.autoDebit).toBe('Mandatory');
    } finally {
      await setAutoDebit('true');
    }
  });

  it('reflects TIMEZONE and SESSION_IDLE_MINUTES', async () => {
    const other = await createTestApp({ env: { TIMEZONE: 'Europe/London', SESSION_IDLE_MINUTES: '5' } });
    try {
      const response = await call(other.app, { url: '/api/settings' });

      expect(response.json().settings).toMatchObject({ timezone: 'Europe/London', sessionIdleMinutes: 5 });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/settings/setLanguage', () => {
  it('accepts en', async () => {
    const response = await call(app, { url: '/api/settings/setLanguage?lang=en' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      respMessage: messages.auth.languageSet,
      language: 'en',
    });
  });

  it.each(['fr', 'xx', '<script>', "en' OR 1=1"])(
    'refuses the language %s with 400 naming lang',
    async (lang) => {
      const response = await call(app, { url: `/api/settings/setLanguage?lang=${encodeURIComponent(lang)}` });

      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty(['lang']);
      expect(response.json().fieldErrors).toHaveProperty('lang');
    },
  );

  it.each([
    { name: 'no lang', query: '', field: 'lang' },
    { name: 'a lang too long', query: `?lang=${'e'.repeat(11)}`, field: 'lang' },
    { name: 'an extra field', query: '?lang=en&debug=1', field: 'debug' },
  ])('refuses $name with 400', async ({ query, field }) => {
    const response = await call(app, { url: `/api/settings/setLanguage${query}` });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty([field]);
  });
});
