import { describe, expect, it } from 'vitest';
import { administrationMessages } from './administration-messages.ts';
import { auditMessages } from './audit-messages.ts';
import { campaignMessages } from './campaign-messages.ts';
import { claimMessages } from './claim-messages.ts';
import { settlementMessages } from './settlement-messages.ts';
import { integrationMessages } from './integration-messages.ts';
import { messages } from './messages.ts';
import { onboardingMessages } from './onboarding-messages.ts';
import { publisherMessages } from './publisher-messages.ts';
import { reportingMessages } from './reporting-messages.ts';
import { signInMessages } from './sign-in-messages.ts';
import { transactionMessages } from './transaction-messages.ts';
import { webhookMessages } from './webhook-messages.ts';

const parts = {
  signInMessages,
  campaignMessages,
  transactionMessages,
  administrationMessages,
  reportingMessages,
  onboardingMessages,
  webhookMessages,
  publisherMessages,
  integrationMessages,
  claimMessages,
  settlementMessages,
  auditMessages,
};

describe('the message catalogue assembled from its area files', () => {
  it('holds every section of every area file under the same key, so messages.x.y reads the same text', () => {
    for (const part of Object.values(parts)) {
      for (const [section, texts] of Object.entries(part)) {
        expect(messages[section as keyof typeof messages]).toBe(texts);
      }
    }
  });

  it('has no section in two area files, where one would silently replace the other', () => {
    const sections = Object.values(parts).flatMap((part) => Object.keys(part));
    expect(new Set(sections).size).toBe(sections.length);
    const own = Object.keys(messages).filter((section) => !sections.includes(section));
    expect(own).toEqual([
      'passwordStrength',
      'idempotency',
      'multiFactor',
      'health',
      'pageNotFound',
      'mail',
      'list',
      'upload',
      'cardNetwork',
    ]);
  });
});
