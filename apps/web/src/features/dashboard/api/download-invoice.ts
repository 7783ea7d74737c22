import type { CampaignInvoiceAnswer } from '@krowd/domain/invoice/invoice-response.schema';
import { apiRequest } from '@/lib/api-client';

/**
 * Downloads the campaign's detailed invoice (spec 3 §7, GET /dashboard/getInvoice): its file name from getInvoice, then the
 * file itself, which the server sends as an attachment.
 */
export async function downloadInvoice(campaignId: string): Promise<void> {
  // Without transaction=true the answer names the invoice's detailed file.
  const answer = await apiRequest<CampaignInvoiceAnswer & { fileName: string }>(
    `dashboard/getInvoice/${campaignId}`,
    {
      query: { type: 'detailed' },
    },
  );
  const link = document.createElement('a');
  link.href = `/api/invoices/detailed/${encodeURIComponent(answer.fileName)}`;
  link.download = answer.fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
