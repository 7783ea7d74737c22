import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CampaignFormInput } from '@krowd/domain/campaign/campaign.schema';
import { createTestQueryClient } from '@/test/render-with-providers';
import { refusal, stubApi } from '@/test/stub-api';
import { PromoCodesNotSaved, useSaveCampaign } from './save-campaign.ts';

const campaignId = '0b5c5a1e-7c39-4a53-9a0e-2b2f3f1d9c11';
// What the form sends is the server's to judge; the hook passes it through untouched.
const form = { name: 'June offer' } as CampaignFormInput;
const codes = 'CODE1\nCODE2\n';

function renderSave() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSaveCampaign(), { wrapper }).result;
}

describe('saving a campaign with a file of promo codes', () => {
  it('creates the campaign, then uploads its codes to it', async () => {
    const sent = stubApi({
      'POST /api/campaigns': Response.json(
        { respCode: 201, respMessage: 'Created', campaign: { _id: campaignId, name: 'June offer' } },
        { status: 201 },
      ),
      'POST /api/campaigns/upload': { respCode: 200, respMessage: 'Uploaded' },
    });
    await renderSave().current.mutateAsync({ form, promoCodesCsv: codes });
    const upload = sent.find((call) => call.url.pathname === '/api/campaigns/upload');
    expect(upload?.url.searchParams.get('campaign_id')).toBe(campaignId);
  });

  it('says the campaign was stored when its codes were refused, with its id and the reason', async () => {
    stubApi({
      'POST /api/campaigns': Response.json(
        { respCode: 201, campaign: { _id: campaignId, name: 'June offer' } },
        { status: 201 },
      ),
      'POST /api/campaigns/upload': refusal(400, 'Line 2: a promo code is empty'),
    });
    const failure = await renderSave()
      .current.mutateAsync({ form, promoCodesCsv: codes })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PromoCodesNotSaved);
    expect((failure as PromoCodesNotSaved).campaignId).toBe(campaignId);
  });

  it('updates the stored campaign on the next try instead of creating a second one', async () => {
    const sent = stubApi({
      [`PUT /api/campaigns/${campaignId}`]: { respCode: 200, respMessage: 'Updated' },
      'POST /api/campaigns/upload': { respCode: 200 },
    });
    await renderSave().current.mutateAsync({ id: campaignId, form, promoCodesCsv: codes });
    expect(sent.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      `PUT /api/campaigns/${campaignId}`,
      'POST /api/campaigns/upload',
    ]);
  });
});
