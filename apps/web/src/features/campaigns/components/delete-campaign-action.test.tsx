import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { DeleteCampaignAction } from './delete-campaign-action.tsx';

function renderAction(hasQualifiedTransactions: boolean) {
  const onDelete = vi.fn();
  render(
    <MantineProvider>
      <DeleteCampaignAction campaign={{ name: 'June offer', hasQualifiedTransactions }} onDelete={onDelete} />
    </MantineProvider>,
  );
  return onDelete;
}

describe('the campaign list Delete action', () => {
  it('asks to confirm the deletion of a campaign nobody has earned cashback on', async () => {
    const onDelete = renderAction(false);
    const button = screen.getByRole('button', { name: 'Delete June offer' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(button);
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('is disabled for a campaign with qualified transactions, its tooltip saying why', async () => {
    const onDelete = renderAction(true);
    const button = screen.getByRole('button', { name: 'Delete June offer' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(button);
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.hover(button);
    // The tooltip describes the button (it may still be fading in, so not yet visible).
    const tooltip = await screen.findByRole('tooltip', { hidden: true });
    expect(button.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(tooltip.textContent).toBe(messages.campaign.cannotDeleteBilled);
  });
});
