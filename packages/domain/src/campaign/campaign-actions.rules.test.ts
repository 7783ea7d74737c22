import { describe, expect, it } from 'vitest';
import { campaignActionPage, campaignActions, type CampaignActionRow } from './campaign-actions.rules.ts';

const row = (changes: Partial<CampaignActionRow> = {}): CampaignActionRow => ({
  is_primary_campaign: false,
  recurring: false,
  editable: true,
  statusLabel: 'Approved',
  seriesContinues: false,
  ...changes,
});

describe('campaignActions', () => {
  it('offers a brand admin the edit and delete of a future campaign before the cut-off', () => {
    expect(campaignActions(row(), 'future', 'brandAdmin')).toEqual(['edit', 'delete']);
  });

  it('adds the pause to a recurring primary, and drops the edit after the cut-off', () => {
    const primary = row({ is_primary_campaign: true, recurring: true, editable: false });
    expect(campaignActions(primary, 'future', 'companyAdmin')).toEqual(['pause', 'delete']);
  });

  it('offers no pause for a child of a series or a one-off primary', () => {
    expect(campaignActions(row({ recurring: true }), 'future', 'user')).not.toContain('pause');
    expect(campaignActions(row({ is_primary_campaign: true }), 'future', 'user')).not.toContain('pause');
  });

  it('offers the overview edit of a current campaign, never its delete (spec 3 §1, §4)', () => {
    expect(campaignActions(row(), 'current', 'groupAdmin')).toEqual(['editOverview']);
  });

  it("offers to stop a running monthly campaign's series from next month, while it continues", () => {
    const running = row({ recurring: true, seriesContinues: true });
    expect(campaignActions(running, 'current', 'companyAdmin')).toEqual(['editOverview', 'stop']);
    expect(campaignActions(row({ recurring: true }), 'current', 'companyAdmin')).toEqual(['editOverview']);
    expect(campaignActions(running, 'current', 'brandUser')).toEqual([]);
    expect(campaignActions(running, 'future', 'companyAdmin')).not.toContain('stop');
    expect(campaignActions(running, 'past', 'companyAdmin')).not.toContain('stop');
  });

  it('offers only the figures of a past campaign', () => {
    expect(campaignActions(row(), 'past', 'brandAdmin')).toEqual(['open']);
  });

  it('offers a read-only role nothing but the figures', () => {
    expect(campaignActions(row(), 'future', 'brandUser')).toEqual([]);
    expect(campaignActions(row(), 'past', 'brandUser')).toEqual(['open']);
  });

  it('lets a bank confirm or reject the templates of a submitted future campaign', () => {
    const submitted = row({ statusLabel: 'Submitted' });
    expect(campaignActions(submitted, 'future', 'bank')).toEqual(['confirmTemplates', 'rejectTemplates']);
    expect(campaignActions(row(), 'future', 'bank')).toEqual([]);
    expect(campaignActions(submitted, 'current', 'bank')).toEqual([]);
  });

  it('lets the system admin reject templates, not confirm them, and simulate anywhere', () => {
    const submitted = row({ statusLabel: 'Submitted' });
    expect(campaignActions(submitted, 'future', 'systemadmin')).toEqual(['rejectTemplates', 'simulate']);
    expect(campaignActions(row(), 'past', 'systemadmin')).toEqual(['open', 'simulate']);
  });
});

describe('campaignActionPage', () => {
  it('opens a past campaign on the dashboard for the brand side, on its report for the others', () => {
    expect(campaignActionPage('open', 'brandUser')).toBe('dashboard');
    expect(campaignActionPage('open', 'bank')).toBe('campaignsReport');
    expect(campaignActionPage('open', 'systemadmin')).toBe('campaignsReport');
  });

  it('edits a current campaign on its overview editor', () => {
    expect(campaignActionPage('editOverview', 'brandAdmin')).toBe('campaignOverviewEdit');
  });
});
