import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { useSession } from '@/lib/session';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi, withStatus, type Sent } from '@/test/stub-api';
import { OnboardingTrain } from './onboarding-train.tsx';

const brandId = 'c0c0c0c0-0000-4000-8000-000000000003';
const newBranchId = 'd0d0d0d0-0000-4000-8000-000000000009';

const guest = (flags: Partial<SessionUser>) =>
  sessionUserFixture({
    role: 'companyAdmin',
    brandId,
    guestUser: true,
    guestUserFlag: true,
    proceesCompleted: false,
    stepOne: true,
    step: 'campaign',
    ...flags,
  });

/** Answers the train's calls as the API would (or as `answers` say), and keeps what was sent. */
function stubTrainApi(user: SessionUser, answers: Record<string, () => Response> = {}) {
  return stubApi(
    {
      'GET /api/merchants': {
        respCode: 200,
        data: [],
        pagination: { page: 1, limit: 100, total: 0, totalPages: 0 },
      },
      'GET /api/branchDirectory': { respCode: 200, data: [] },
      'POST /api/branchDirectory': withStatus(201, {
        respCode: 200,
        data: [
          {
            merchant_name: 'Guest Bistro Soho',
            kmid: 'KM-NEW',
            address: null,
            postcode: 'W1D 3RB',
            city: null,
            email: 'soho@guest.test',
            phone_no: '02079460000',
            entity_url: null,
          },
        ],
      }),
      'POST /api/merchants/createMultiple': {
        respCode: 200,
        respMessage: 'Saved',
        details: { branch: [{ updateOne: { filter: { _id: newBranchId } } }] },
      },
      'PUT /api/users/onboarding/progress': (call: Sent) => ({
        respCode: 205,
        details: { ...user, ...(call.body as object) },
      }),
      ...answers,
    },
    user,
  );
}

/** The app's sign-in guard watches the session; so does the test, so a refetch has an observer. */
function SessionWatcher() {
  useSession();
  return null;
}

function renderTrain(user: SessionUser) {
  const onBackToCampaign = vi.fn();
  renderWithProviders(
    <>
      <SessionWatcher />
      <OnboardingTrain
        user={user}
        onBackToCampaign={onBackToCampaign}
        paymentStep={({ onBack }) => (
          <button type="button" onClick={onBack}>
            Payment panel
          </button>
        )}
      />
    </>,
  );
  return { onBackToCampaign };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the onboarding train', () => {
  it('shows the four steps and opens at Payment Details after the campaign', async () => {
    stubTrainApi(guest({}));
    const { onBackToCampaign } = renderTrain(guest({}));
    for (const label of ['Create Campaign', 'Payment Details', 'Branch', 'Account Settings']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Payment Details' })).getByRole('button'),
    );
    expect(onBackToCampaign).toHaveBeenCalled();
  });

  it('resumes at Account Settings when the payment and branch steps were passed', () => {
    const user = guest({ stepTwo: true, stepThree: true, step: 'branch' });
    stubTrainApi(user);
    renderTrain(user);
    const step = screen.getByRole('region', { name: 'Account Settings' });
    expect(within(step).getByRole('button', { name: 'Update Details' })).toBeTruthy();
    expect((within(step).getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
  });

  it('ends with the congratulations once the account is set up', async () => {
    const user = guest({ stepTwo: true, stepThree: true, step: 'branch' });
    const sent = stubTrainApi(user, {
      'POST /api/users/onboarding/complete': () =>
        Response.json({
          respCode: 200,
          respMessage: messages.onboarding.congratulations,
          accessToken: 'token',
          details: { ...user, guestUser: false, guestUserFlag: false, proceesCompleted: true },
        }),
    });
    renderTrain(user);
    await userEvent.type(screen.getByLabelText(/^Contact Number/), '07700900123');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Bistro#Open26');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Bistro#Open26');
    await userEvent.click(screen.getByRole('button', { name: 'Update Details' }));
    expect(await screen.findByText(messages.onboarding.congratulations)).toBeTruthy();
    expect(screen.getByText(messages.onboarding.workDone)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/user/dashboard',
    );
    expect(sent.find((call) => call.url.pathname === '/api/users/onboarding/complete')?.body).toEqual({
      firstName: 'Uma',
      lastName: 'User',
      phone: '07700900123',
      newPassword: 'Bistro#Open26',
      confirmPassword: 'Bistro#Open26',
    });
  });

  it('refuses an easy password in Account Settings, saying why, and sends nothing', async () => {
    const user = guest({ stepTwo: true, stepThree: true, step: 'branch' });
    const sent = stubTrainApi(user);
    renderTrain(user);
    await userEvent.type(screen.getByLabelText(/^Contact Number/), '07700900123');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Welcome1!');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Welcome1!');
    await userEvent.click(screen.getByRole('button', { name: 'Update Details' }));
    const strength = messages.passwordStrength;
    expect(
      await screen.findByText(
        strength.tooWeak(strength.warnings.similarToCommon, strength.suggestions.anotherWord),
      ),
    ).toBeTruthy();
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('goes back to the campaign form, saying why, when the server reopens it (the month has gone by)', async () => {
    const user = guest({ stepTwo: true, stepThree: true, step: 'branch' });
    const reopened = messages.onboarding.monthPassed('01/2027', '06/2027');
    stubTrainApi(user, {
      'POST /api/users/onboarding/complete': () => refusal(409, reopened),
      'GET /api/auth/session': () =>
        Response.json({ respCode: 200, details: { ...user, stepOne: false, step: 'campaign' } }),
    });
    const { onBackToCampaign } = renderTrain(user);
    await userEvent.type(screen.getByLabelText(/^Contact Number/), '07700900123');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Bistro#Open26');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Bistro#Open26');
    await userEvent.click(screen.getByRole('button', { name: 'Update Details' }));
    await waitFor(() => expect(onBackToCampaign).toHaveBeenCalledWith(reopened));
  });

  it('refuses Branch Next with the Validation Error modal while a row has no merchant ID, sending nothing', async () => {
    const user = guest({ stepTwo: true, step: 'payment' });
    const sent = stubTrainApi(user);
    renderTrain(user);
    const step = await screen.findByRole('region', { name: 'Branch' });
    await screen.findByLabelText('Branch Name, row 1', { selector: 'input' });
    await userEvent.click(within(step).getByRole('button', { name: 'Next' }));
    const modal = await screen.findByRole('dialog', { name: 'Validation Error' });
    expect(within(modal).getByText(messages.onboarding.merchantIdRequired)).toBeTruthy();
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('saves a valid new branch, records the step passed and moves on to Account Settings', async () => {
    const user = guest({ stepTwo: true, step: 'payment' });
    const sent = stubTrainApi(user);
    renderTrain(user);
    await screen.findByLabelText('Branch Name, row 1', { selector: 'input' });
    await userEvent.type(
      screen.getByLabelText('Branch Name, row 1', { selector: 'input' }),
      'Guest Bistro Soho',
    );
    await userEvent.type(screen.getByLabelText('Card network (Visa/MasterCard) ID, row 1'), '4000123');
    await userEvent.type(screen.getByLabelText('Post Code, row 1'), 'W1D 3RB');
    await userEvent.type(screen.getByLabelText('Contact Phone, row 1'), '02079460000');
    await userEvent.type(screen.getByLabelText('Contact Email, row 1'), 'soho@guest.test');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('region', { name: 'Account Settings' });
    const saves = sent.filter((call) => call.method !== 'GET');
    expect(saves.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/branchDirectory',
      'POST /api/merchants/createMultiple',
      'PUT /api/users/onboarding/progress',
    ]);
    expect(saves[1]!.body).toEqual([
      expect.objectContaining({
        brandId,
        name: 'Guest Bistro Soho',
        kmid: 'KM-NEW',
        postcode: 'W1D 3RB',
        merchantIds: { merchantId: '4000123', amexMerchantID: '', zettleMerchantID: '' },
      }),
    ]);
    expect(saves[2]!.body).toEqual({ step: 'branch', stepThree: true });
  });

  it('adds rows, quietly, and removes unsaved ones', async () => {
    const user = guest({ stepTwo: true, step: 'payment' });
    stubTrainApi(user);
    renderTrain(user);
    await screen.findByLabelText('Branch Name, row 1', { selector: 'input' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Branch' }));
    expect(screen.getByLabelText('Branch Name, row 2', { selector: 'input' })).toBeTruthy();
    // A row just added says nothing about its empty fields until they are left or Next is pressed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(messages.branch.nameRequired)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(screen.queryByLabelText('Branch Name, row 2', { selector: 'input' })).toBeNull();
  });

  it('goes Back from Branch to Payment Details, clearing the branch step', async () => {
    const user = guest({ stepTwo: true, step: 'payment' });
    const sent = stubTrainApi(user);
    renderTrain(user);
    await screen.findByLabelText('Branch Name, row 1', { selector: 'input' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('region', { name: 'Payment Details' });
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({ step: 'branch', stepThree: false }),
    );
  });
});
