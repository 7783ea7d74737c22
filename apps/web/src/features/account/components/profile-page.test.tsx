import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankDetails } from '@krowd/domain/bank/bank-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { MyBankPage } from './my-bank-page.tsx';
import { ProfilePage } from './profile-page.tsx';

const userId = 'a0a0a0a0-0000-4000-8000-000000000001';
const bankId = 'b0b0b0b0-0000-4000-8000-000000000002';

const sessionUser: SessionUser = sessionUserFixture({ _id: userId, phone: '07700900000' });

function renderPage(page: ReactNode) {
  renderWithProviders(page);
}

// The address is an autosizing textarea, which listens for web fonts; happy-dom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('My Profile', () => {
  const details = { ...sessionUser, address: null, status: 'active', created: '2026-01-01T00:00:00.000Z' };

  it('is read-only until Edit, sends the spec call on Update Details, and is read-only again', async () => {
    const sent = stubApi(
      {
        [`GET /api/users/${userId}`]: { respCode: 200, details },
        [`PUT /api/users/${userId}`]: {
          respCode: 205,
          respMessage: messages.profile.updated,
          details: { ...details, firstName: 'Umaya' },
        },
      },
      sessionUser,
    );
    renderPage(<ProfilePage />);

    const firstName = (await screen.findByLabelText(/First Name/)) as HTMLInputElement;
    expect(firstName.readOnly).toBe(true);
    expect((screen.getByLabelText(/Brand/) as HTMLInputElement).readOnly).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(firstName.readOnly).toBe(false);
    fireEvent.change(firstName, { target: { value: 'Umaya' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Details' }));

    expect(await screen.findByText(messages.profile.updated)).toBeTruthy();
    const put = sent.find((call) => call.method === 'PUT')!;
    expect(put.url.search).toBe('?type=profile&response=true');
    expect(put.body).toEqual({
      firstName: 'Umaya',
      lastName: 'User',
      phone: '07700900000',
      address: null,
      brandName: 'Green Fork',
      email: 'uma@demo.test',
      _id: userId,
      brandId: sessionUser.brandId,
    });
    await waitFor(() => expect(firstName.readOnly).toBe(true));
    expect(firstName.value).toBe('Umaya');
  });

  it("shows the rules' messages and sends nothing while they fail", async () => {
    const sent = stubApi({ [`GET /api/users/${userId}`]: { respCode: 200, details } }, sessionUser);
    renderPage(<ProfilePage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText(/Contact Number/), { target: { value: '-7700900000' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Details' }));

    expect(await screen.findByText(messages.profile.phoneMinus)).toBeTruthy();
    expect(sent.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('asks before deactivating, with Yes and No', async () => {
    stubApi({ [`GET /api/users/${userId}`]: { respCode: 200, details } }, sessionUser);
    renderPage(<ProfilePage />);

    await userEvent.click(await screen.findByRole('button', { name: messages.profile.deactivateTitle }));

    expect(await screen.findByText(messages.profile.deactivateConfirm)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
  });
});

describe('My Bank', () => {
  const bankUser: SessionUser = { ...sessionUser, entityType: 'bank', role: null, brandId: null, bankId };
  const bank: BankDetails = {
    _id: bankId,
    name: 'Demo Bank',
    contactEmail: 'partners@demobank.test',
    contactPhone: null,
    address: null,
    website: null,
    created: '2026-01-01T00:00:00.000Z',
    editable: false,
  };

  it('shows a bank user who is not its admin the details read-only, without Edit', async () => {
    stubApi({ [`GET /api/banks/${bankId}`]: { respCode: 200, details: bank } }, bankUser);
    renderPage(<MyBankPage />);

    const name = (await screen.findByLabelText(/Bank Name/)) as HTMLInputElement;
    expect(name.value).toBe('Demo Bank');
    expect(name.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByText(messages.bank.adminOnly)).toBeTruthy();
  });

  it('lets its admin edit and save the details', async () => {
    const sent = stubApi(
      {
        [`GET /api/banks/${bankId}`]: { respCode: 200, details: { ...bank, editable: true } },
        [`PUT /api/banks/${bankId}`]: {
          respCode: 205,
          respMessage: messages.bank.updated,
          details: { ...bank, editable: true, website: 'https://demobank.test' },
        },
      },
      bankUser,
    );
    renderPage(<MyBankPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'https://demobank.test' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Details' }));

    expect(await screen.findByText(messages.bank.updated)).toBeTruthy();
    expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Demo Bank',
      contactEmail: 'partners@demobank.test',
      contactPhone: null,
      address: null,
      website: 'https://demobank.test',
    });
  });
});
