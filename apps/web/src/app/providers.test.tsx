import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '@/lib/notify';
import { serviceStatus } from '@/lib/service-status';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';
import { AppProviders, createQueryClient } from './providers.tsx';

afterEach(() => {
  notify.clearAll();
  serviceStatus.markAvailable();
});

describe('AppProviders', () => {
  it('draws no notices container until a notice is shown, then shows the notice', async () => {
    const { container } = render(
      <AppProviders queryClient={createQueryClient()}>
        <p>page</p>
      </AppProviders>,
    );
    expect(container.ownerDocument.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => {
      notify.success('Saved.');
    });

    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('says in a live region, over the page kept as it is, while the service is unavailable', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>page</p>
      </AppProviders>,
    );
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    act(() => serviceStatus.markUnavailable());
    expect(region.textContent).toBe(signInMessages.common.serviceUnavailableRetrying);
    expect(screen.getByText('page')).toBeTruthy();

    act(() => serviceStatus.markAvailable());
    expect(region.textContent).toBe('');
  });
});
