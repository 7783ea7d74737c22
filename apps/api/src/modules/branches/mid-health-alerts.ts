import type { Kysely } from 'kysely';
import { isMidHealthAlert } from '@krowd/domain/branch/mid-health.rules';
import { pages } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { layout, type RenderedMail } from '../../mail/mail-layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { BranchesRepository } from './branches.repository.ts';
import type { MidHealthAlertsRepository } from './mid-health-alerts.repository.ts';
import { midHealthOfBranches } from './mid-health.ts';

const m = messages.branch.midHealth;

/** The recurring check that mails a brand when a merchant ID turns silent or is never seen (decision 0115). */
export const midHealthAlertsJob = 'branches.midHealthAlerts';
/** Four times a day: a MID turns silent on a day boundary in the timezone, so at most six hours late. */
export const midHealthAlertsEveryMs = 6 * 3_600_000;

interface Alert {
  mid: string;
  brandId: string;
  branchName: string;
  status: 'silent' | 'neverSeen';
  daysSinceSeen: number | null;
}

export function midHealthAlertMail(firstName: string, alerts: readonly Alert[], url: string): RenderedMail {
  return {
    subject: messages.mail.midHealthSubject,
    ...layout(
      firstName,
      [
        m.mailIntro,
        ...alerts.map((alert) => m.mailLine(alert.branchName, alert.mid, alert.status, alert.daysSinceSeen)),
      ],
      { url, label: m.mailAction },
    ),
  };
}

/**
 * The check: every live branch's MID health, then a mail to each brand's administrators (and, for
 * a brand of a group, the group's administrators) naming
 * the MIDs newly in alert (silent, or never seen 14 days after going live) or in another alert than
 * the one told. Each MID is told once while in alert (mid_health_notices, migration 0055) and again
 * only after it has recovered. The notices are recorded before the mails are handed to the outbox:
 * a crash between the two loses a mail rather than sending it twice.
 */
export function createMidHealthAlerts(deps: {
  db: Kysely<DB>;
  branches: BranchesRepository;
  alerts: MidHealthAlertsRepository;
  settings: { read(): Promise<{ midSilentDays: number }> };
  mailer: Pick<Mailer, 'send'>;
  timeZone: string;
  publicUrl: string;
  clock: () => Date;
}) {
  return {
    async run(): Promise<{ mailed: number; told: number; recovered: number }> {
      const rows = await deps.branches.liveWithMerchantIds();
      const { midSilentDays } = await deps.settings.read();
      const health = await midHealthOfBranches(deps.branches, rows, {
        now: deps.clock(),
        timeZone: deps.timeZone,
        silentDays: midSilentDays,
      });
      const alerting = new Map<string, Alert>();
      for (const row of rows) {
        for (const entry of health.get(row.id)!.merchantIds) {
          if (!isMidHealthAlert(entry.status)) continue;
          alerting.set(entry.mid, {
            mid: entry.mid,
            brandId: row.brand_id,
            branchName: row.name,
            status: entry.status as Alert['status'],
            daysSinceSeen: entry.daysSinceSeen,
          });
        }
      }
      const notices = await deps.alerts.notices();
      const recovered = [...notices.keys()].filter((mid) => !alerting.has(mid));
      const told = [...alerting.values()].filter((alert) => notices.get(alert.mid)?.status !== alert.status);
      await deps.db
        .transaction()
        .execute((trx) => deps.alerts.replaceNotices(trx, told, recovered, deps.clock()));
      const byBrand = new Map<string, Alert[]>();
      for (const alert of told) byBrand.set(alert.brandId, [...(byBrand.get(alert.brandId) ?? []), alert]);
      const administrators = await deps.alerts.administrators([...byBrand.keys()]);
      let mailed = 0;
      for (const [brandId, alerts] of byBrand) {
        for (const administrator of administrators.get(brandId) ?? []) {
          await deps.mailer.send({
            to: administrator.email,
            brandId,
            ...midHealthAlertMail(administrator.firstName, alerts, `${deps.publicUrl}${pages.branches.path}`),
          });
          mailed += 1;
        }
      }
      return { mailed, told: told.length, recovered: recovered.length };
    },
  };
}
