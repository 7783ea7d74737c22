import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pagePath } from '@krowd/domain/access/access.rules';
import type { BrandMerchant } from '@krowd/domain/branch/branch-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi, type Answers } from '@/test/stub-api';
import { CampaignFormPage } from './campaign-form-page.tsx';

const m = messages.campaign;
/**
 * The Create Campaign form is the largest screen: one test renders it and types into it, about 3 s
 * on an idle machine and over 20 s with two suites running on a loaded 2-core one (the suites must
 * hold there, docs/style.md 'Web tests'). No assertion here is about time.
 */
const formTimeout = { timeout: 90_000 };
const user = sessionUserFixture({ role: 'companyAdmin' });

const merchant = (
  name: string,
  status: BrandMerchant['status'],
  createdByBrandUser: boolean,
): BrandMerchant => ({
  _id: `b0b0b0b0-0000-4000-8000-00000000000${name.length % 10}`,
  name,
  kmid: null,
  status,
  merchantId: null,
  amexMerchantID: null,
  zettleMerchantID: null,
  postcode: null,
  address: null,
  selectable: status === 'Active' || status === 'Approved',
  createdByBrandUser,
});

/** The create form against the API, answering the brand's branches as given. */
function renderCreateForm(merchants: BrandMerchant[], backtest?: Answers[string]) {
  const sent = stubApi(
    {
      ...(backtest ? { 'POST /api/campaigns/backtest': backtest } : {}),
      'GET /api/merchants/getMerchantByBrandId': { respCode: 200, merchants },
      'GET /api/distributors': { respCode: 200, distributors: [], distributorDealSetWithBrand: [] },
      'GET /api/campaigns/campaignName': { respCode: 200, brandName: 'Green Fork', count: 2 },
      [`GET /api/brands/${user.brandId}`]: {
        respCode: 200,
        details: {
          _id: user.brandId,
          name: 'Green Fork',
          groupId: null,
          groupName: null,
          created: '2026-01-01T00:00:00.000Z',
          json: null,
        },
      },
    },
    user,
  );
  // Signed in already, as the app's guard makes sure before the page shows; a data router, as the
  // app's, for the form's leave guard.
  renderWithProviders(null, {
    path: pagePath('campaignsCreate'),
    routes: {
      [pagePath('campaignsCreate')]: <CampaignFormPage mode="create" />,
      [pagePath('branches')]: <p>The branches list</p>,
    },
    signedInAs: user,
    dataRouter: true,
  });
  return sent;
}

// Additional comments is an autosizing textarea, which listens for web fonts; happy-dom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

const nextButton = () => screen.getByRole('button', { name: 'Next' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Create Campaign while branches await the brand (spec 1 §8)', formTimeout, () => {
  it('keeps Next disabled once the alert is closed, with the reason and Go to Branches in view', async () => {
    renderCreateForm([merchant('Soho', 'Active', false), merchant('Angel', 'Pending', false)]);

    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText(m.branchesPending)).toBeTruthy();
    // The modal's X is named Close too (the app's theme); the alert's own Close is the last.
    await userEvent.click(within(alert).getAllByRole('button', { name: 'Close' }).at(-1)!);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('checkbox', { name: m.selectAllBranches }));
    const reason = screen.getByTestId('branches-pending');
    expect(reason.textContent).toContain(m.branchesPending);
    expect((nextButton() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(reason).getByRole('button', { name: m.goToBranches }));
    expect(await screen.findByText('The branches list')).toBeTruthy();
  });

  it("is not held up by a brand user's own branch waiting for the operator", async () => {
    renderCreateForm([merchant('Soho', 'Active', false), merchant('Angel', 'Pending', true)]);

    const allBranches = await screen.findByRole('checkbox', { name: m.selectAllBranches });
    await waitFor(() => expect((allBranches as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(allBranches);

    expect((nextButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('branches-pending')).toBeNull();
  });
});

describe('Create Campaign with a number out of range (spec 1 §5)', formTimeout, () => {
  it('keeps 150% and a fee of -5 as typed and refuses them on Next, naming each field', async () => {
    renderCreateForm([merchant('Soho', 'Active', false)]);
    const allBranches = await screen.findByRole('checkbox', { name: m.selectAllBranches });
    await waitFor(() => expect((allBranches as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(allBranches);

    const discount = screen.getByRole('textbox', { name: m.fields.discountPercent });
    await userEvent.clear(discount);
    await userEvent.type(discount, '150');
    // Its label carries the tooltip's icon, named by the tooltip.
    const fee = screen.getByRole('textbox', { name: /^Success fee \(%\)/ });
    await userEvent.clear(fee);
    await userEvent.type(fee, '-5');
    await userEvent.tab();

    expect((discount as HTMLInputElement).value).toBe('150');
    expect((fee as HTMLInputElement).value).toBe('-5');
    await userEvent.click(nextButton());
    expect(await screen.findByText('Discount (%) must be a whole number from 1 to 100')).toBeTruthy();
    expect(screen.getByText(m.successFeeRange)).toBeTruthy();
  });
});

describe('Create Campaign: had this campaign run last month (docs/decisions/0131)', formTimeout, () => {
  it("replays the draft's rule fields as they stand once it is complete, and again when they change", async () => {
    const result = {
      month: '2026-11',
      purchases: 40,
      qualified: 12,
      cardholders: 9,
      revenuePence: 48_000,
      cashbackPence: 4_800,
      successFeePence: 4_800,
      budgetType: 'na',
      budgetRunOutOn: null,
    };
    const sent = renderCreateForm([merchant('Soho', 'Active', false)], { respCode: 200, result });
    const backtests = () => sent.filter((call) => call.url.pathname === '/api/campaigns/backtest');
    const panel = await screen.findByRole('region', { name: m.backtest.title });
    // No branch chosen yet: the form would not take the draft, so nothing is asked.
    expect(within(panel).getByText(m.backtest.pending)).toBeTruthy();
    expect(backtests()).toEqual([]);

    const allBranches = await screen.findByRole('checkbox', { name: m.selectAllBranches });
    await waitFor(() => expect((allBranches as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(allBranches);
    expect((await within(panel).findByTestId('backtest-qualified')).textContent).toBe('12');
    expect(backtests().at(-1)?.body).toMatchObject({
      brandId: user.brandId,
      type: 'All',
      discountType: 'dp',
      discountPercent: 10,
      successFee: 10,
      budgetType: 'na',
    });
    // Only the rule fields go: not the name, the month, the ages or the comments.
    expect(Object.keys(backtests().at(-1)?.body as object)).not.toContain('name');

    const discount = screen.getByRole('textbox', { name: m.fields.discountPercent });
    await userEvent.clear(discount);
    await userEvent.type(discount, '15');
    await waitFor(() => expect(backtests().at(-1)?.body).toMatchObject({ discountPercent: 15 }));
  });
});
