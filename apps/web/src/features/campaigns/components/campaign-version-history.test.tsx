import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@krowd/domain/audit/audit.schema';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { CampaignVersionHistory } from './campaign-version-history.tsx';

const m = messages.audit;
const campaignId = 'a0a0a0a0-0000-4000-8000-000000000001';

const version = (id: number, action: AuditEvent['action'], changes: AuditEvent['changes'], at: string) => ({
  id,
  occurredAt: at,
  actor: { id: '9b2f3c8e-1d4a-4e6b-8f0a-2c3d4e5f6a7b', email: 'brandadmin@demo.test', provider: null },
  brandId: 'c0c0c0c0-0000-4000-8000-000000000001',
  entityType: 'campaign' as const,
  entityId: campaignId,
  action,
  changes,
  ip: null,
  userAgent: null,
});

function renderHistory() {
  renderWithProviders(<CampaignVersionHistory campaignId={campaignId} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a campaign's version history", () => {
  it('shows each change newest first, with who and when in the zone, each field before → after', async () => {
    stubApi({
      [`GET /api/campaigns/${campaignId}/versions`]: {
        respCode: 200,
        versions: [
          version(
            1,
            'created',
            { name: { before: null, after: 'Green Fork31051' } },
            '2026-06-01T09:00:00.000Z',
          ),
          version(
            2,
            'updated',
            { budget_pence: { before: null, after: 75_050 } },
            '2026-06-02T10:30:00.000Z',
          ),
        ],
      },
    });
    renderHistory();

    expect(await screen.findByRole('heading', { name: m.versionHistory })).toBeTruthy();
    const newest = await screen.findByText('Budget: (empty) → £750.50');
    const oldest = screen.getByText('Name: (empty) → Green Fork31051');
    // Newest first: the edit is drawn before the creation.
    expect(newest.compareDocumentPosition(oldest) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(`${m.actions.updated} · brandadmin@demo.test`)).toBeTruthy();
    expect(screen.getByText('02/06/2026 11:30 BST')).toBeTruthy();
  });

  it('says so when nothing is recorded yet', async () => {
    stubApi({ [`GET /api/campaigns/${campaignId}/versions`]: { respCode: 200, versions: [] } });
    renderHistory();
    expect(await screen.findByText(m.noVersions)).toBeTruthy();
  });
});
