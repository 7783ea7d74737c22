import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { CopyTextsForm } from './copy-texts-form.tsx';

const m = messages.asset;
const brandId = 'b0b0b0b0-0000-4000-8000-000000000001';

function renderForm(saved: { copy: string; additionalCopy: string }) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      if (init.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return new Response(JSON.stringify({ respCode: 200, respMessage: m.copySaved }));
      }
      return new Response(JSON.stringify({ respCode: 200, brandDetails: { brandId, ...saved } }));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <CopyTextsForm brandId={brandId} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Copy form', () => {
  it('starts with the saved texts and sends them back with the brand', async () => {
    const posted = renderForm({ copy: 'Fresh food', additionalCopy: 'Open daily' });

    const copy = await screen.findByLabelText(m.copyLabel);
    expect((copy as HTMLTextAreaElement).value).toBe('Fresh food');
    await userEvent.click(screen.getByRole('button', { name: m.submit }));

    await waitFor(() =>
      expect(posted).toEqual([{ brandId, copy: 'Fresh food', additionalCopy: 'Open daily' }]),
    );
  });

  it.each([
    [m.copyLabel, 201, m.copyMax],
    [m.additionalCopyLabel, 101, m.additionalCopyMax],
  ])('refuses %s of %i characters with its message and sends nothing', async (label, length, message) => {
    const posted = renderForm({ copy: '', additionalCopy: '' });

    fireEvent.change(await screen.findByLabelText(label), { target: { value: 'x'.repeat(length) } });
    await userEvent.click(screen.getByRole('button', { name: m.submit }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(posted).toEqual([]);
  });
});
