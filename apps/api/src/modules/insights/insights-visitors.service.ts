import { createHash, randomBytes } from 'node:crypto';
import type { InsightsLoginAnswer } from '@krowd/domain/insights/insights-response.schema';
import type { InsightsLogin, InsightsSignup } from '@krowd/domain/insights/insights-visitors.schema';
import { messages } from '@krowd/domain/messages/messages';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { InsightsVisitorsRepository, VisitorDevice } from './insights-visitors.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { InsightsCaller } from './insights.service.ts';

const m = messages.insights;

/** How long an insights pass lets a visitor read their brand's insights. */
export const passLifetimeMs = 30 * 86_400_000;

export const hashPass = (pass: string) => createHash('sha256').update(pass).digest('hex');

/**
 * The public insights page's visitors (spec 3 §7): the login that gives a pass for one brand, the
 * pass read back on each call, the Logout that ends it, and the Sign Up dialog.
 */
export function createInsightsVisitorsService(deps: {
  visitors: InsightsVisitorsRepository;
  brands: BrandsRepository;
  users: Pick<UsersRepository, 'systemAdminEmails'>;
  mailer: Mailer;
  clock: () => Date;
}) {
  const { visitors, brands, users, mailer, clock } = deps;

  return {
    /** The insights pass in a request: the visitor and their brand; 401 when unknown or expired. */
    async passCaller(pass: string): Promise<InsightsCaller> {
      const visitor = await visitors.visitorByPassHash(hashPass(pass));
      if (!visitor) throw unauthorized(m.passExpired);
      if (visitor.pass_expires_at.getTime() <= clock().getTime()) throw unauthorized(m.passExpired);
      return { kind: 'pass', visitorId: visitor.id, brandId: visitor.brand_id };
    },

    /** POST insights/savebrandDetails: records the visitor and gives them a pass for the brand. */
    async login(body: InsightsLogin, device: VisitorDevice): Promise<InsightsLoginAnswer['data']> {
      const brand = await brands.findById(body.brandId);
      if (!brand) throw notFound(m.brandNotFound);
      const pass = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock().getTime() + passLifetimeMs);
      const visitor = await visitors.insertVisitor({
        email: body.email,
        brandId: brand.id,
        passHash: hashPass(pass),
        passExpiresAt: expiresAt,
        device,
      });
      return {
        _id: visitor.id,
        email: body.email,
        brandId: brand.id,
        brandName: brand.name,
        insightsPass: pass,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** POST insights/logout: the visitor's Logout ends their pass on the server, not only in the browser. */
    async logout(caller: InsightsCaller) {
      if (caller.kind !== 'pass') throw unauthorized();
      await visitors.endPass(caller.visitorId, clock());
    },

    /** POST insights/updatebrandDetails/:id: the Sign Up dialog's details, kept and mailed to the system admins. */
    async signup(caller: InsightsCaller, visitorId: string, body: InsightsSignup) {
      if (caller.kind !== 'pass') throw unauthorized();
      if (caller.visitorId !== visitorId) throw forbidden();
      const brand = await brands.findById(caller.brandId);
      await visitors.saveSignup(
        visitorId,
        {
          contactName: body.contactName,
          organizationName: body.organizationName,
          phoneNumber: body.phoneNumber || null,
          email: body.email,
          isInterested: body.isInstrested,
          isSocialAnalytics: body.isSocialAnalytics,
          isReferrals: body.isReferrals,
        },
        clock(),
      );
      const interests = [
        body.isInstrested ? 'running campaigns' : null,
        body.isSocialAnalytics ? 'social analytics' : null,
        body.isReferrals ? 'referrals' : null,
      ].filter(Boolean);
      const lines = [
        `${body.contactName} of ${body.organizationName} signed up from the social analytics page of ${brand?.name ?? caller.brandId}.`,
        `E-mail: ${body.email}`,
        `Phone: ${body.phoneNumber || 'not given'}`,
        `Interested in: ${interests.length ? interests.join(', ') : 'nothing ticked'}`,
      ];
      const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
      for (const to of await users.systemAdminEmails()) {
        await mailer.send({
          to,
          subject: `Social analytics sign up: ${body.organizationName}`,
          text: lines.join('\n'),
          html: lines.map((line) => `<p>${escape(line)}</p>`).join(''),
          brandId: caller.brandId,
        });
      }
    },
  };
}

export type InsightsVisitorsService = ReturnType<typeof createInsightsVisitorsService>;
