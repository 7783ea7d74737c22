import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { sessionEvents } from '@/lib/session-events';
import type { SessionModalVariant } from '@/lib/session-modal-variant';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { InactivityModal, SessionExpiredModal } from './session-modals.tsx';

function renderExpired(variant: SessionModalVariant | null, onLoginAgain = vi.fn()) {
  renderWithProviders(<SessionExpiredModal variant={variant} onLoginAgain={onLoginAgain} />);
  act(() => sessionEvents.markExpired());
  return onLoginAgain;
}

// The modals ask nothing of the API; any call they made would be answered as the API would.
beforeEach(() => {
  stubApi({});
});

afterEach(() => {
  act(() => sessionEvents.reset());
  vi.unstubAllGlobals();
});

describe('when the server ends the session', () => {
  it('shows Session Expired with Go to Login Page away from the create screen', async () => {
    renderExpired(null);

    expect(await screen.findByText(messages.common.sessionExpiredModal)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.common.goToLoginPage })).toBeTruthy();
  });

  it('shows the timeout modal with Login again on the create screen', async () => {
    const onLoginAgain = renderExpired('loginAgain');

    expect(await screen.findByText(messages.common.inactivityTitle)).toBeTruthy();
    expect(screen.getByText('Your session has expired please login again')).toBeTruthy();
    expect(screen.queryByText(messages.common.sessionExpiredModal)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Login again' }));
    expect(onLoginAgain).toHaveBeenCalledOnce();
  });

  it('says try again, with Try Again, on the create screen of a brand without branches', async () => {
    const onLoginAgain = renderExpired('tryAgain');

    expect(await screen.findByText('Your session has expired please try again')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onLoginAgain).toHaveBeenCalledOnce();
  });
});

describe('when the idle time runs out', () => {
  it('shows the inactivity modal, and only it, even when a call meets the ended session afterwards', async () => {
    renderWithProviders(<SessionExpiredModal variant={null} onLoginAgain={() => undefined} />);
    act(() => sessionEvents.markIdle());
    act(() => sessionEvents.markExpired());

    expect(await screen.findByText(messages.common.inactivityTitle)).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.queryByText(messages.common.sessionExpiredModal)).toBeNull();
    expect(screen.getByRole('button', { name: 'Login again' })).toBeTruthy();
  });
});

describe('the inactivity modal', () => {
  it.each([
    { variant: null, body: 'Your session has expired please login again', button: 'Login again' },
    {
      variant: 'loginAgain' as const,
      body: 'Your session has expired please login again',
      button: 'Login again',
    },
    { variant: 'tryAgain' as const, body: 'Your session has expired please try again', button: 'Try Again' },
  ])('reads "$body" with "$button" for the variant $variant', async ({ variant, body, button }) => {
    renderWithProviders(<InactivityModal opened variant={variant} onLoginAgain={() => undefined} />);

    expect(await screen.findByText(messages.common.inactivityTitle)).toBeTruthy();
    expect(screen.getByText(messages.common.inactivityApology)).toBeTruthy();
    expect(screen.getByText(body)).toBeTruthy();
    expect(screen.getByRole('button', { name: button })).toBeTruthy();
  });
});
