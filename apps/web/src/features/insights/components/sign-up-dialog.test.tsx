import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { SignUpDialog } from './sign-up-dialog.tsx';
import { refusal, stubApi } from '@/test/stub-api';
import { brandId, renderAt } from './test-support.tsx';

const m = messages.insightsWeb;

const pass = {
  _id: 'v1',
  insightsPass: 'pass-123',
  email: 'owner@greenfork.test',
  brandId,
  brandName: 'Green Fork',
};

afterEach(() => {
  // Unmount first, so no query still on screen reaches the real fetch.
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onClose = vi.fn()) {
  renderAt('/socialanalytics', { '/socialanalytics': <SignUpDialog opened onClose={onClose} pass={pass} /> });
  return onClose;
}

describe('the Sign Up dialog', () => {
  it('states the perks and asks for the contact and organization names', async () => {
    const sent = stubApi({});
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/one month of social analytics free \(worth 99 pounds\)/)).toBeTruthy();
    expect(within(dialog).getByText(/up to six months free \(worth 499 pounds\)/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: m.submit }));
    expect(await within(dialog).findByText('Please enter Contact Name')).toBeTruthy();
    expect(within(dialog).getByText('Please enter Organization Name')).toBeTruthy();
    expect(sent.filter((call) => call.url.pathname.startsWith('/api/insights'))).toEqual([]);
  });

  it('says plainly what the spec’s video would show, in place of a video not yet made', async () => {
    stubApi({});
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    const standIn = within(dialog).getByRole('region', { name: m.videoTitle });
    expect(within(standIn).getByText(m.videoStandIn)).toBeTruthy();
    expect(dialog.querySelector('video, iframe')).toBeNull();
  });

  it('sends the details with the pass, says so and closes', async () => {
    const sent = stubApi({
      // 205 Reset Content: a browser hands over no body with it.
      'POST /api/insights/updatebrandDetails/v1': new Response(null, { status: 205 }),
    });
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.contactName)), 'Olive Owner');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.organizationName)), 'Green Fork Ltd');
    await userEvent.click(within(dialog).getByLabelText(m.isSocialAnalytics));
    await userEvent.click(within(dialog).getByRole('button', { name: m.submit }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(messages.insights.signupSaved)).toBeTruthy();
    const call = sent.find((c) => c.url.pathname === '/api/insights/updatebrandDetails/v1')!;
    expect(call.headers['x-insights-pass']).toBe('pass-123');
    expect(call.body).toEqual({
      contactName: 'Olive Owner',
      organizationName: 'Green Fork Ltd',
      email: 'owner@greenfork.test',
      isInstrested: false,
      isSocialAnalytics: true,
      isReferrals: false,
    });
  });

  it("shows the server's failure in the dialog", async () => {
    stubApi({
      'POST /api/insights/updatebrandDetails/v1': () => refusal(503, messages.insights.signupFailed),
    });
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.contactName)), 'Olive Owner');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.organizationName)), 'Green Fork Ltd');
    await userEvent.click(within(dialog).getByRole('button', { name: m.submit }));
    expect((await within(dialog).findByTestId('form-status')).textContent).toBe(
      messages.insights.signupFailed,
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
