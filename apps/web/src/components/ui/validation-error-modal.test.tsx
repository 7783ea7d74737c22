import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { ValidationErrorModal } from './validation-error-modal.tsx';

function renderModal(errors: string[], onClose = vi.fn()) {
  render(
    <MantineProvider>
      <ValidationErrorModal errors={errors} onClose={onClose} />
    </MantineProvider>,
  );
  return onClose;
}

describe('ValidationErrorModal', () => {
  it('lists each refused row and closes on Close', async () => {
    const onClose = renderModal(['Line 2: currency must be GBP', 'Line 4: card_last4 must be 4 digits']);

    const dialog = await screen.findByRole('dialog', { name: messages.list.validationError });
    expect(dialog.textContent).toContain('Line 2: currency must be GBP');
    expect(dialog.textContent).toContain('Line 4: card_last4 must be 4 digits');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows nothing while there is no error', () => {
    renderModal([]);

    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
