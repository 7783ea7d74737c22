import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '@/lib/notify';
import { AppProviders, createQueryClient } from './providers.tsx';

afterEach(() => notify.clearAll());

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
});
