import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/** The public insights page's visitors (migration 0023): their passes and their Sign Up details. */
/** What the visitor's browser tells about its device, kept with the visit. */
export interface VisitorDevice {
  ipAddress: string | null;
  browserName: string | null;
  osName: string | null;
  osVersion: string | null;
  deviceType: string | null;
}

export function createInsightsVisitorsRepository(db: Kysely<DB>) {
  return {
    async insertVisitor(visitor: {
      email: string;
      brandId: string;
      passHash: string;
      passExpiresAt: Date;
      device: VisitorDevice;
    }) {
      return db
        .insertInto('insights_visitors')
        .values({
          email: visitor.email,
          brand_id: visitor.brandId,
          pass_hash: visitor.passHash,
          pass_expires_at: visitor.passExpiresAt,
          ip_address: visitor.device.ipAddress,
          browser_name: visitor.device.browserName,
          os_name: visitor.device.osName,
          os_version: visitor.device.osVersion,
          device_type: visitor.device.deviceType,
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
    },

    /** Ends a visitor's pass now (Logout): it answers 401 from then on. */
    async endPass(visitorId: string, now: Date) {
      await db
        .updateTable('insights_visitors')
        .set({ pass_expires_at: now })
        .where('id', '=', visitorId)
        .where('pass_expires_at', '>', now)
        .execute();
    },

    visitorByPassHash(passHash: string) {
      return db
        .selectFrom('insights_visitors')
        .select(['id', 'email', 'brand_id', 'pass_expires_at'])
        .where('pass_hash', '=', passHash)
        .executeTakeFirst();
    },

    async saveSignup(
      visitorId: string,
      signup: {
        contactName: string;
        organizationName: string;
        phoneNumber: string | null;
        email: string;
        isInterested: boolean;
        isSocialAnalytics: boolean;
        isReferrals: boolean;
      },
      at: Date,
    ) {
      await db
        .updateTable('insights_visitors')
        .set({
          contact_name: signup.contactName,
          organization_name: signup.organizationName,
          phone_number: signup.phoneNumber,
          signup_email: signup.email,
          is_interested: signup.isInterested,
          is_social_analytics: signup.isSocialAnalytics,
          is_referrals: signup.isReferrals,
          signed_up_at: at,
        })
        .where('id', '=', visitorId)
        .execute();
    },
  };
}

export type InsightsVisitorsRepository = ReturnType<typeof createInsightsVisitorsRepository>;
