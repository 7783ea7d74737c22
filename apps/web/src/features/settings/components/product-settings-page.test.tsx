import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi } from '@/test/stub-api';
import { ProductSettingsPage } from './product-settings-page.tsx';

const m = messages.productSettings;

/** The stubbed API's settings (stub-api.ts) with midSilentDays as given. */
const settingsAnswer = (midSilentDays: number) => ({
  respCode: 205,
  respMessage: m.saved,
  settings: {
    languages: ['en'],
    campaignOverviewDelay: 1,
    autoDebit: 'false' as const,
    midSilentDays,
    timezone: 'Europe/London',
    sessionIdleMinutes: 30,
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = () => screen.findByRole<HTMLInputElement>('textbox', { name: new RegExp(m.midSilentDays) });

describe('Product settings', () => {
  it('shows the stored days and saves a new value from the keyboard, telling it was saved', async () => {
    const sent = stubApi({ 'PUT /api/settings': settingsAnswer(10) });
    renderWithProviders(<ProductSettingsPage />);

    const input = await field();
    expect(input.value).toBe('14');
    await userEvent.clear(input);
    await userEvent.type(input, '10{Enter}');

    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ midSilentDays: 10 });
    expect(await screen.findByText(m.saved)).toBeTruthy();
  });

  it.each([
    { name: 'nothing', typed: '' },
    { name: '0', typed: '0' },
    { name: '91', typed: '91' },
  ])('refuses $name in the browser with the clear message, and sends nothing', async ({ typed }) => {
    const sent = stubApi({ 'PUT /api/settings': settingsAnswer(10) });
    renderWithProviders(<ProductSettingsPage />);

    const input = await field();
    await userEvent.clear(input);
    if (typed) await userEvent.type(input, typed);
    await userEvent.click(screen.getByRole('button', { name: m.save }));

    expect(await screen.findByText(m.midSilentDaysInvalid)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("shows the server's refusal under the form", async () => {
    stubApi({ 'PUT /api/settings': refusal(403, messages.common.forbidden) });
    renderWithProviders(<ProductSettingsPage />);

    const input = await field();
    await userEvent.clear(input);
    await userEvent.type(input, '9');
    await userEvent.click(screen.getByRole('button', { name: m.save }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.common.forbidden);
  });
});
