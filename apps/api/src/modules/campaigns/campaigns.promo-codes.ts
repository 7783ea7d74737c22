import type { Kysely } from 'kysely';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { project } from '@krowd/domain/projection/projection.rules';
import { checkPromoCodeCsv, promoCodeCsvProblem } from '@krowd/domain/template/promo-code-file.rules';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { CampaignAudit } from './campaigns.audit.ts';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository.ts';

const m = messages.campaign;

/** A campaign's multiple promo codes, uploaded as CSV once it exists. */
export function createCampaignPromoCodes(deps: {
  db: Kysely<DB>;
  campaigns: CampaignsRepository;
  brands: BrandsRepository;
  campaignInScope: (scope: TenantScope, id: string) => Promise<CampaignRow>;
  audit: CampaignAudit;
}) {
  const { db, campaigns, brands, campaignInScope, audit } = deps;

  /** Replaces the codes with the file's: at least 1.2 × the expected reach. Answers the message to show. */
  async function upload(auth: AuthContext, id: string, csv: string) {
    const row = await campaignInScope(auth.scope, id);
    const promo = row.promo_code as { mode?: string } | null;
    if (promo?.mode !== 'multiple') throw new HttpError(409, m.promoCodesNotMultiple);
    const projection = project(await brands.projectionRecord(row.brand_id), {
      customerType: row.customer_type,
      discountType: row.discount_type,
      discountPercent: row.discount_percent,
      discountAmount: row.discount_amount_pence === null ? null : row.discount_amount_pence / 100,
      discountValue: row.discount_value_pence === null ? null : row.discount_value_pence / 100,
      discountSpreadValue: row.discount_spread_value,
      successFee: row.success_fee,
    });
    if (!projection.valid) throw new HttpError(409, m.projectionMissing);
    const { codes, issue } = checkPromoCodeCsv(csv, projection.figures.expected_reach);
    if (issue) {
      const message = promoCodeCsvProblem(issue);
      throw badRequest(message, { file: message });
    }
    // A new file replaces the codes of the last one, all at once.
    await db.transaction().execute(async (trx) => {
      await campaigns.deletePromoCodes(id, trx);
      await campaigns.insertPromoCodes(id, row.brand_id, codes, trx);
      await audit.promoCodes(trx, auth, row, codes.length);
    });
    return m.promoCodesUploaded(codes.length);
  }

  return { upload };
}
