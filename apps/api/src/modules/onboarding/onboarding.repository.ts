import type { Kysely } from 'kysely';
import { liveMandateStatuses } from '@krowd/domain/payment/payment.schema';
import type { DB } from '../../db/database.generated.ts';

/** SQL the onboarding train needs beyond the users, branches and campaigns repositories. */
export function createOnboardingRepository(db: Kysely<DB>) {
  return {
    /**
     * Whether the brand has a mandate that will collect: authorised by the payer (pending, being
     * submitted to the bank) or accepted (active). One awaiting the payer, failed or cancelled will not.
     */
    async hasCollectingMandate(brandId: string): Promise<boolean> {
      const row = await db
        .selectFrom('payment_mandates')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('status', 'in', liveMandateStatuses)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
