import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Claim } from '@krowd/domain/claim/claim.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { ClaimsPage } from './claims-page.tsx';

const m = messages.claim;
const brandId = 'c0c0c0c0-0000-4000-8000-000000000001';
const claimId = 'a0a0a0a0-0000-4000-8000-000000000001';

const brandAdmin: SessionUser = {
  _id: 'u0u0u0u0-0000-4000-8000-000000000001',
  email: 'brandadmin@demo.test',
  firstName: 'Bo',
  lastName: 'Admin',
  displayName: 'Bo Admin',
  phone: null,
  photo: null,
  role: 'brandAdmin',
  entityType: 'brand',
  entity: { name: 'Green Fork' },
  brandId,
  brandObjId: brandId,
  brandName: 'Green Fork',
  brandIds: [{ brandId, brandName: 'Green Fork' }],
  groupId: null,
  groupName: null,
  bankId: null,
  bankName: null,
  isClientAdmin: false,
  isInternalDemo: false,
  source: null,
  isFirstLogin: false,
  isTAndCAccepted: true,
  guestUser: false,
  guestUserFlag: false,
  stepOne: true,
  stepTwo: true,
  stepThree: true,
  proceesCompleted: true,
  step: null,
  stepOneData: null,
  __v: 0,
};

const systemAdmin: SessionUser = {
  ...brandAdmin,
  role: null,
  entityType: 'systemadmin',
  brandId: null,
  brandObjId: null,
  brandName: null,
  brandIds: [],
} as unknown as SessionUser;

const claim: Claim = {
  id: claimId,
  source: 'brand',
  status: 'open',
  publisher: null,
  brand: { id: brandId, name: 'Green Fork' },
  cardToken: null,
  cardLast4: '4242',
  mid: '4410137',
  amountPence: 2500,
  occurredAt: '2026-12-01T12:30:00.000Z',
  reference: 'CS-1',
  note: null,
  transactionId: null,
  matchScore: null,
  notQualifiedReason: null,
  cashbackPence: null,
  resolution: null,
  resolutionReason: null,
  deadline: '2026-12-15T12:30:00.000Z',
  filedAt: '2026-12-01T12:30:00.000Z',
  updatedAt: '2026-12-01T12:30:00.000Z',
  history: [
    { at: '2026-12-01T12:30:00.000Z', status: 'open', text: m.history.filed },
    { at: '2026-12-01T12:30:00.000Z', status: 'open', text: m.history.noMatch },
  ],
};

const page = (rows: Claim[]) => ({
  respCode: 200,
  data: rows,
  pagination: { page: 1, limit: 10, total: rows.length, totalPages: rows.length ? 1 : 0 },
});

function renderPage() {
  renderWithProviders(<ClaimsPage />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the claims page', () => {
  it('shows a brand its claims with status, deadline in the zone and history', async () => {
    stubApi({ 'GET /api/claims': page([claim]) }, brandAdmin);
    renderPage();

    expect(await screen.findByText(m.statuses.open)).toBeTruthy();
    // The deadline in the timezone setting, with its zone.
    expect(screen.getByText('15/12/2026 12:30 GMT')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: m.viewHistory('CS-1') }));
    expect(await screen.findByText(m.history.noMatch)).toBeTruthy();
  });

  it('says so when there are no claims', async () => {
    stubApi({ 'GET /api/claims': page([]) }, brandAdmin);
    renderPage();
    expect(await screen.findByText(m.noClaims)).toBeTruthy();
  });

  it('files a claim for the brand, sending the amount in pence', async () => {
    const sent = stubApi(
      {
        'GET /api/claims': page([]),
        'POST /api/claims': () =>
          Response.json({ respCode: 200, respMessage: m.created, claim }, { status: 201 }),
      },
      brandAdmin,
    );
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: m.fileClaim }));
    const dialog = await screen.findByRole('dialog', { name: m.fileClaim });
    await userEvent.type(within(dialog).getByLabelText(m.cardLast4Label), '4242');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.midLabel)), '4410137');
    await userEvent.type(
      within(dialog).getByLabelText(new RegExp(m.amountLabel.replace(/[()£]/g, '.'))),
      '25.00',
    );
    // A wall time in the timezone setting (the stub's Europe/London, on BST in June), whatever the
    // browser's own zone.
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.occurredAtLabel)), '01/06/2026 12:30');
    await userEvent.click(within(dialog).getByRole('button', { name: m.fileClaim }));

    expect(await screen.findByText(m.created)).toBeTruthy();
    const body = sent.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ brandId, cardLast4: '4242', mid: '4410137', amountPence: 2500 });
    expect(body.occurredAt).toBe('2026-06-01T12:30:00.000+01:00');
  });

  it('gives the system admin the queue and a resolve dialog that needs the reason for not eligible', async () => {
    const sent = stubApi(
      {
        'GET /api/claims': page([claim]),
        [`POST /api/claims/${claimId}/resolve`]: () =>
          Response.json({ respCode: 200, respMessage: m.resolved, claim: { ...claim, status: 'resolved' } }),
      },
      systemAdmin,
    );
    renderPage();

    // Each row's Resolve names its claim, as History does.
    await userEvent.click(
      await screen.findByRole('button', { name: m.resolveOf(claim.reference ?? claim.mid) }),
    );
    expect(
      sent
        .filter((call) => call.url.pathname === '/api/claims')
        .at(-1)
        ?.url.searchParams.get('queue'),
    ).toBe('true');
    const dialog = await screen.findByRole('dialog', { name: m.resolveTitle });
    await userEvent.click(
      within(dialog).getByLabelText(new RegExp(m.resolutionLabel), { selector: 'input' }),
    );
    await userEvent.click(
      await screen.findByRole('option', { name: m.resolutions.not_eligible, hidden: true }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: m.resolve }));
    expect(await within(dialog).findByText(m.reasonRequired)).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(m.reasonLabel), 'Outside the offer hours');
    await userEvent.click(within(dialog).getByRole('button', { name: m.resolve }));
    expect(await screen.findByText(m.resolved)).toBeTruthy();
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
        resolution: 'not_eligible',
        reason: 'Outside the offer hours',
      }),
    );
  });
});
