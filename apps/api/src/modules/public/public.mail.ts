import type { LeadKind, LeadSource } from '@krowd/domain/public/card-network.schema';
import { messages } from '@krowd/domain/messages/messages';
import { layout, type RenderedMail } from '../../mail/mail-layout.ts';

const m = messages.cardNetwork.mail;

/** A lead's details, one 'Label: value' line each; absent values are left out. */
function detailLines(details: Record<string, string | null | undefined>): string[] {
  return Object.entries(details)
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`);
}

/** To the registrant: the card-network guest link to the first campaign, and the branch page. */
export function diningWelcomeMail(name: string, guestUrl: string, branchPageUrl: string): RenderedMail {
  return {
    subject: m.registrantSubject,
    ...layout(
      name,
      [
        'Thank you for registering your restaurant for the card-network dining programme.',
        `Tell us about your branches and their merchant IDs on your branch page (valid for 30 days): ${branchPageUrl}`,
        'The button below signs you in to create your first campaign. It is valid for 7 days and can be used once; if it has expired, ask for a new one with Forgot password on the login page.',
      ],
      { url: guestUrl, label: 'Create my campaign' },
    ),
  };
}

/** A guest's link into the onboarding train, to create the first campaign. */
export function guestLoginMail(firstName: string, url: string): RenderedMail {
  return {
    subject: messages.mail.guestSubject,
    ...layout(
      firstName,
      [
        'Here is your link to create your first campaign.',
        'The link below is valid for 7 days and can be used once.',
      ],
      { url, label: 'Create my campaign' },
    ),
  };
}

/** A lead as the digest tells of it. */
export interface DigestLead {
  kind: LeadKind;
  source: LeadSource;
  name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  legal_name: string | null;
  website: string | null;
  amex_merchant_id: string | null;
  repeats: number;
}

/** A branch submission as the digest tells of it. */
export interface DigestSubmission {
  company: string;
  branchNames: string[];
  comments: string | null;
  fileName: string | null;
  fileUrl: string | null;
}

/** Lines of each kind a digest lists; the rest are counted and found in Card-network Leads. */
export const digestListed = { leads: 50, submissions: 20 } as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * To each system admin, at most once an hour: the leads and branch submissions of the public
 * card-network pages since the last digest (docs/decisions.md 'The card-network look-up'), in place
 * of a mail for each, which anyone on the internet could multiply.
 */
export function cardNetworkDigestMail(
  items: { leads: DigestLead[]; submissions: DigestSubmission[] },
  urls: { leads: string; merchants: string },
): RenderedMail {
  const { leads, submissions } = items;
  const leadLines = leads.slice(0, digestListed.leads).map((lead) => {
    const details = detailLines({
      Name: lead.name,
      Email: lead.email,
      Phone: lead.phone,
      'Restaurant name': lead.company,
      'Legal name': lead.legal_name,
      Website: lead.website,
      'Merchant ID': lead.amex_merchant_id,
    }).join('; ');
    const again = lead.repeats > 0 ? ` (${plural(lead.repeats + 1, 'time', 'times')} so far)` : '';
    return `${messages.cardNetwork.leadKinds[lead.kind]} from /${lead.source}${again}: ${details}`;
  });
  const submissionLines = submissions.slice(0, digestListed.submissions).map((submission) => {
    const count = submission.branchNames.length;
    return [
      `${submission.company} sent ${plural(count, 'branch', 'branches')}: ${submission.branchNames.join(', ')}.`,
      ...detailLines({
        Comments: submission.comments,
        'Excel file': submission.fileUrl
          ? `${submission.fileName} (sign in to open: ${submission.fileUrl})`
          : null,
      }),
    ].join(' ');
  });
  const more = (shown: number, all: number, where: string) =>
    all > shown ? [`…and ${all - shown} more: see ${where}.`] : [];
  return {
    subject: m.digestSubject(leads.length, submissions.length),
    ...layout(
      'Krowd team',
      [
        `Since the last digest, the public card-network pages brought ${plural(leads.length, 'new or renewed lead', 'new or renewed leads')} and ${plural(submissions.length, 'branch submission', 'branch submissions')}.`,
        ...(leadLines.length > 0 ? ['Leads (please get in touch with them):', ...leadLines] : []),
        ...more(leadLines.length, leads.length, `Card-network Leads (${urls.leads})`),
        ...(submissionLines.length > 0
          ? ['Branch submissions (Pending on the Merchants screen for review):', ...submissionLines]
          : []),
        ...more(submissionLines.length, submissions.length, `the Merchants screen (${urls.merchants})`),
      ],
      { url: urls.leads, label: 'Open card-network leads' },
    ),
  };
}
