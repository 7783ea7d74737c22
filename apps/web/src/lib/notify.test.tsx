import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { notify } from './notify.ts';
import { sessionEvents } from './session-events.ts';

afterEach(() => {
  act(() => sessionEvents.reset());
});

describe('notifications once the session has ended (spec 1 §8)', () => {
  it('shows none: the session modal is the only message', async () => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    act(() => notify.error('Before the end'));
    expect(await screen.findByText('Before the end')).toBeTruthy();

    act(() => {
      sessionEvents.markExpired();
      notify.error(messages.common.invalidData);
      notify.success('Saved');
    });
    // Signed in again, notifications show again: the ones above would have shown by then.
    act(() => sessionEvents.reset());
    act(() => notify.info('Signed in again'));

    expect(await screen.findByText('Signed in again')).toBeTruthy();
    expect(screen.queryByText(messages.common.invalidData)).toBeNull();
    expect(screen.queryByText('Saved')).toBeNull();
  });
});
