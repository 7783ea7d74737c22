import { describe, expect, it } from 'vitest';
import { can, canOpen } from './access.rules.ts';
import {
  administersGroup,
  assertNever,
  brandRoles,
  confirmsTemplates,
  isBankUser,
  isBrandRole,
  isFinanceRole,
  isGroupRole,
  isSystemAdmin,
  picksAnyBrand,
  seesAllBrands,
  type Audience,
} from './audience.rules.ts';

const audiences = [
  'systemadmin',
  'bank',
  'cardprovider',
  'clientAdmin',
  'guest',
  ...brandRoles,
] as const satisfies readonly Audience[];

const holders = (rule: (audience: Audience) => boolean) => audiences.filter(rule);

describe('the named audience rules', () => {
  it('the brand side is the brand roles: not the operators, banks, card providers, client admins or guests', () => {
    expect(holders(isBrandRole)).toEqual([...brandRoles]);
  });

  it('the group roles are the group admin and the group user; only the group admin administers a group', () => {
    expect(holders(isGroupRole)).toEqual(['groupAdmin', 'groupUser']);
    expect(holders(administersGroup)).toEqual(['groupAdmin']);
  });

  it('the finance roles are the brand user and the group user, and change no campaign', () => {
    expect(holders(isFinanceRole)).toEqual(['brandUser', 'groupUser']);
    for (const audience of holders(isFinanceRole)) expect(can(audience, 'campaigns.edit')).toBe(false);
  });

  it('the operators and the client admins see every brand; only the client admins pick one on the dashboard', () => {
    expect(holders(seesAllBrands)).toEqual(['systemadmin', 'clientAdmin']);
    expect(holders(picksAnyBrand)).toEqual(['clientAdmin']);
    for (const audience of holders(picksAnyBrand)) expect(canOpen(audience, 'dashboard')).toBe(true);
  });

  it('the system admin and the bank user are one audience each', () => {
    expect(holders(isSystemAdmin)).toEqual(['systemadmin']);
    expect(holders(isBankUser)).toEqual(['bank']);
  });

  it('those who confirm templates are reviewers, and not every reviewer confirms', () => {
    expect(holders(confirmsTemplates)).toEqual(['bank']);
    for (const audience of holders(confirmsTemplates)) expect(can(audience, 'campaigns.review')).toBe(true);
    expect(can('systemadmin', 'campaigns.review') && !confirmsTemplates('systemadmin')).toBe(true);
  });

  it('assertNever refuses a value the types said could not come', () => {
    expect(() => assertNever('auditor' as never)).toThrow('Unhandled audience: auditor');
  });
});
