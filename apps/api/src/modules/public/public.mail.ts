import type { LeadKind } from '@krowd/domain/public/card-network.schema';
import { messages } from '@krowd/domain/messages/messages';
import { layout, type RenderedMail } from '../../mail/mail-layout.ts';

const m = messages.cardNetwork.mail;

/** A lead's details, one 'Label: value' line each; absent values are left out. */
function detailLines(details: Record<string, string | null | undefined>): string[] {
  return Object.entries(details)
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`);
}

/** To the system admins: a contact request came in from a public card-network page. */
export function contactLeadMail(
  lead: {
    kind: LeadKind;
    name: string;
    email: string;
    phone: string | null;
    company: string;
    website: string | null;
    amexMerchantID: string | null;
    page: string;
  },
  leadsUrl: string,
): RenderedMail {
  return {
    subject: m.contactSubject,
    ...layout(
      'Krowd team',
      [
        `${messages.cardNetwork.leadKinds[lead.kind]} from ${lead.page}. Please get in touch with them.`,
        ...detailLines({
          Name: lead.name,
          Email: lead.email,
          Phone: lead.phone,
          'Restaurant name': lead.company,
          Website: lead.website,
          'Merchant ID looked up': lead.amexMerchantID,
        }),
      ],
      { url: leadsUrl, label: 'Open card-network leads' },
    ),
  };
}

/** To the system admins: a restaurant signed up for the dining programme; its guest account exists. */
export function diningSignupAdminMail(
  signup: {
    name: string;
    brandName: string;
    legalName: string;
    email: string;
    phone: string | null;
    website: string | null;
  },
  leadsUrl: string,
): RenderedMail {
  return {
    subject: m.signupSubject,
    ...layout(
      'Krowd team',
      [
        `${signup.brandName} signed up on the dining programme page. Its brand and guest account have been created, and the registrant was sent a sign-in link and the branch page.`,
        ...detailLines({
          Name: signup.name,
          'Restaurant name': signup.brandName,
          'Legal name': signup.legalName,
          Email: signup.email,
          Phone: signup.phone,
          Website: signup.website,
        }),
      ],
      { url: leadsUrl, label: 'Open card-network leads' },
    ),
  };
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

/** To the system admins: a sign-up's branch page was submitted; the branches wait for review. */
export function branchesSubmittedMail(
  submission: {
    company: string;
    branchNames: string[];
    comments: string | null;
    fileName: string | null;
    fileUrl: string | null;
  },
  merchantsUrl: string,
): RenderedMail {
  const count = submission.branchNames.length;
  return {
    subject: m.branchesSubject,
    ...layout(
      'Krowd team',
      [
        `${submission.company} sent ${count === 1 ? '1 branch' : `${count} branches`}: ${submission.branchNames.join(', ')}. They are Pending on the Merchants screen for review.`,
        ...detailLines({
          Comments: submission.comments,
          'Excel file': submission.fileUrl
            ? `${submission.fileName} (sign in to open: ${submission.fileUrl})`
            : null,
        }),
      ],
      { url: merchantsUrl, label: 'Review the branches' },
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
