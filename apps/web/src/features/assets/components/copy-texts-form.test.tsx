import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { CopyTextsForm } from './copy-texts-form.tsx';

const m = messages.asset;
const brandId = 'b0b0b0b0-0000-4000-8000-000000000001';

function renderForm(saved: { copy: string; additionalCopy: string }) {
  const sent = stubApi({
    'GET /api/documents': { respCode: 200, brandDetails: { brandId, ...saved } },
    'POST /api/brands/createCopyText': { respCode: 200, respMessage: m.copySaved },
  });
  renderWithProviders(<CopyTextsForm brandId={brandId} />);
  return {
    /** The bodies of what the form sent (every call but a read). */
    get posted() {
      return sent.filter((call) => call.method !== 'GET').map((call) => call.body);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Copy form', () => {
  it('starts with the saved texts and sends them back with the brand', async () => {
    const form = renderForm({ copy: 'Fresh food', additionalCopy: 'Open daily' });

    const copy = await screen.findByLabelText(m.copyLabel);
    expect((copy as HTMLTextAreaElement).value).toBe('Fresh food');
    await userEvent.click(screen.getByRole('button', { name: m.submit }));

    await waitFor(() =>
      expect(form.posted).toEqual([{ brandId, copy: 'Fresh food', additionalCopy: 'Open daily' }]),
    );
  });

  it.each([
    [m.copyLabel, 201, m.copyMax],
    [m.additionalCopyLabel, 101, m.additionalCopyMax],
  ])('refuses %s of %i characters with its message and sends nothing', async (label, length, message) => {
    const form = renderForm({ copy: '', additionalCopy: '' });

    fireEvent.change(await screen.findByLabelText(label), { target: { value: 'x'.repeat(length) } });
    await userEvent.click(screen.getByRole('button', { name: m.submit }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(form.posted).toEqual([]);
  });
});
