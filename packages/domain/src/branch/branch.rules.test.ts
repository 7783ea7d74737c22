import { describe, expect, it } from 'vitest';
import { brandRoles, type Audience } from '../access/access.rules.ts';
import {
  awaitsBrandDecision,
  branchActions,
  branchActorOf,
  branchCarriesCampaigns,
  bulkBranchActions,
  merchantIdChangeNeedsReview,
  bulkTableActions,
  type BranchAction,
  type BranchActor,
  type BranchBulkAction,
  type BranchRuleRow,
} from './branch.rules.ts';
import { branchStatuses, type BranchStatus } from './branch.schema.ts';

const manager: BranchActor = { manage: true, review: false, decide: true, view: true, remove: true };
/** The system admin on the merchants screen: reviews, and deletes ticked rows (spec 2 §4, §6). */
const systemAdmin: BranchActor = { manage: false, review: true, decide: true, view: true, remove: true };
/** A bank user: reviews its linked brands' branches, deletes none. */
const bankReviewer: BranchActor = { manage: false, review: true, decide: true, view: true, remove: false };
const reviewer = bankReviewer;
/** A guest in the onboarding train: adds, edits and deletes its branches, decides nothing. */
const onboarding: BranchActor = { manage: true, review: false, decide: false, view: true, remove: true };
const reader: BranchActor = { manage: false, review: false, decide: false, view: true, remove: false };
const nobody: BranchActor = { manage: false, review: false, decide: false, view: false, remove: false };

const row = (status: BranchStatus, createdByBrandUser = false, defaultBranch = false): BranchRuleRow => ({
  status,
  createdByBrandUser,
  defaultBranch,
});

const sorted = (actions: BranchAction[]) => [...actions].sort();

/** Spec 2 §4, per-row buttons, for a reviewer: [created by the operator side, by a brand user]. */
const reviewerRowTable: Record<BranchStatus, [BranchAction[], BranchAction[]]> = {
  // A brand user's new branch waits Pending for the operator's confirmation (our reading).
  Pending: [
    ['view', 'approve', 'reject'],
    ['view', 'approve', 'reject'],
  ],
  Approved: [['view', 'reject'], ['view']],
  Active: [['view', 'reject'], ['view']],
  Rejected: [['view', 'approve'], ['view']],
  Deleted: [['view', 'approve', 'reject'], ['view']],
  // A brand's new merchant IDs wait for the operator side, whoever created the branch.
  Updated: [
    ['view', 'approve', 'reject'],
    ['view', 'approve', 'reject'],
  ],
};

/**
 * For a manager: [a default branch, any other]. The creator makes no difference, but for the
 * branches awaiting the brand's decision (see below).
 */
const managerRowTable: Record<BranchStatus, [BranchAction[], BranchAction[]]> = {
  Pending: [
    ['view', 'edit'],
    ['view', 'edit', 'delete'],
  ],
  Approved: [
    ['view', 'edit'],
    ['view', 'edit', 'delete'],
  ],
  Active: [
    ['view', 'edit'],
    ['view', 'edit', 'delete'],
  ],
  Rejected: [
    ['view', 'edit'],
    ['view', 'edit', 'delete'],
  ],
  Deleted: [['view'], ['view']],
  Updated: [
    ['view', 'edit'],
    ['view', 'edit', 'delete'],
  ],
};

const creators = [
  { creator: 'the operator side', byBrandUser: false },
  { creator: 'a brand user', byBrandUser: true },
] as const;
const defaults = [
  { kind: 'a default branch', isDefault: true },
  { kind: 'another branch', isDefault: false },
] as const;
const everyRow = branchStatuses.flatMap((status) =>
  creators.flatMap(({ creator, byBrandUser }) =>
    defaults.map(({ kind, isDefault }) => ({ status, creator, byBrandUser, kind, isDefault })),
  ),
);

describe('branchActions on one row', () => {
  it.each(everyRow)(
    'lets a reviewer act on $kind in $status created by $creator as the spec says',
    ({ status, byBrandUser, isDefault }) => {
      const expected = reviewerRowTable[status][byBrandUser ? 1 : 0];
      expect(sorted(branchActions(row(status, byBrandUser, isDefault), reviewer))).toEqual(sorted(expected));
    },
  );

  it.each(everyRow)(
    'lets a manager act on $kind in $status created by $creator as the spec says',
    ({ status, byBrandUser, isDefault }) => {
      const deciding: BranchAction[] = status === 'Pending' && !byBrandUser ? ['approve', 'reject'] : [];
      const expected = [...managerRowTable[status][isDefault ? 0 : 1], ...deciding];
      expect(sorted(branchActions(row(status, byBrandUser, isDefault), manager))).toEqual(sorted(expected));
    },
  );

  it.each(everyRow)(
    'lets a guest onboarding add and edit $kind in $status but never approve or reject it',
    ({ status, byBrandUser, isDefault }) => {
      const expected = managerRowTable[status][isDefault ? 0 : 1];
      expect(sorted(branchActions(row(status, byBrandUser, isDefault), onboarding))).toEqual(
        sorted(expected),
      );
    },
  );

  it.each(everyRow)(
    'lets a finance user only view $kind in $status',
    ({ status, byBrandUser, isDefault }) => {
      expect(branchActions(row(status, byBrandUser, isDefault), reader)).toEqual(['view']);
    },
  );

  it.each(everyRow)(
    'shows the plain user nothing at all on $kind in $status',
    ({ status, byBrandUser, isDefault }) => {
      expect(branchActions(row(status, byBrandUser, isDefault), nobody)).toEqual([]);
    },
  );

  it('never lets anyone delete a default branch, whoever created it', () => {
    for (const status of branchStatuses) {
      for (const byBrandUser of [false, true]) {
        expect(branchActions(row(status, byBrandUser, true), manager)).not.toContain('delete');
      }
    }
  });
});

/** Spec 2 §4, bulk actions after ticking rows that all share the status. */
const bulkTable: { rows: string; selection: BranchRuleRow[]; actor: BranchActor; bulk: string[] }[] = [
  {
    rows: 'operator rows all Deleted',
    selection: [row('Deleted'), row('Deleted')],
    actor: reviewer,
    bulk: ['approve', 'reject'],
  },
  {
    rows: 'operator rows all Rejected',
    selection: [row('Rejected'), row('Rejected')],
    actor: reviewer,
    bulk: ['approve'],
  },
  {
    rows: 'operator rows all Rejected',
    selection: [row('Rejected'), row('Rejected')],
    actor: systemAdmin,
    bulk: ['delete', 'approve'],
  },
  {
    rows: 'brand-user rows all Approved',
    selection: [row('Approved', true), row('Approved', true)],
    actor: systemAdmin,
    bulk: ['delete'],
  },
  {
    rows: 'brand-user and operator rows',
    selection: [row('Active', true), row('Rejected')],
    actor: systemAdmin,
    bulk: ['delete'],
  },
  {
    rows: 'operator rows all Rejected',
    selection: [row('Rejected'), row('Rejected')],
    actor: manager,
    bulk: ['delete'],
  },
  {
    rows: 'operator rows all Approved',
    selection: [row('Approved'), row('Approved')],
    actor: reviewer,
    bulk: ['reject'],
  },
  {
    rows: 'operator rows all Approved',
    selection: [row('Approved'), row('Approved')],
    actor: manager,
    bulk: ['delete'],
  },
  {
    rows: 'operator rows all Active',
    selection: [row('Active'), row('Active')],
    actor: reviewer,
    bulk: ['reject'],
  },
  {
    rows: 'operator rows all Active',
    selection: [row('Active'), row('Active')],
    actor: manager,
    bulk: ['delete'],
  },
  {
    rows: 'operator rows all Pending',
    selection: [row('Pending'), row('Pending')],
    actor: reviewer,
    bulk: ['approve', 'reject'],
  },
  {
    rows: 'operator rows all Updated (new merchant IDs awaiting review)',
    selection: [row('Updated'), row('Updated')],
    actor: reviewer,
    bulk: ['approve', 'reject'],
  },
  {
    rows: 'operator rows of mixed statuses',
    selection: [row('Active'), row('Approved')],
    actor: reviewer,
    bulk: [],
  },
  {
    rows: 'operator rows of mixed statuses',
    selection: [row('Active'), row('Rejected')],
    actor: manager,
    bulk: [],
  },
  {
    rows: 'brand-user rows all Deleted',
    selection: [row('Deleted', true), row('Deleted', true)],
    actor: manager,
    bulk: [],
  },
  {
    rows: 'brand-user rows of mixed live statuses',
    selection: [row('Pending', true), row('Active', true)],
    actor: manager,
    bulk: ['delete'],
  },
  {
    rows: 'brand-user rows waiting for confirmation',
    selection: [row('Pending', true), row('Pending', true)],
    actor: reviewer,
    bulk: ['approve', 'reject'],
  },
  {
    rows: 'operator rows all Pending (awaiting the brand)',
    selection: [row('Pending'), row('Pending')],
    actor: manager,
    bulk: ['delete', 'approve', 'reject'],
  },
  {
    rows: 'brand-user rows waiting for confirmation',
    selection: [row('Pending', true), row('Pending', true)],
    actor: manager,
    bulk: ['delete'],
  },
  {
    rows: 'brand-user rows with a Deleted one',
    selection: [row('Active', true), row('Deleted', true)],
    actor: manager,
    bulk: [],
  },
  {
    rows: 'brand-user and operator rows',
    selection: [row('Active', true), row('Rejected')],
    actor: manager,
    bulk: ['delete'],
  },
  {
    rows: 'brand-user and operator rows',
    selection: [row('Active', true), row('Rejected')],
    actor: reviewer,
    bulk: [],
  },
  {
    rows: 'rows including a default branch',
    selection: [row('Active', false, true), row('Active')],
    actor: manager,
    bulk: [],
  },
  {
    rows: 'one operator row all Deleted',
    selection: [row('Deleted')],
    actor: reviewer,
    bulk: ['approve', 'reject'],
  },
  { rows: 'no rows', selection: [], actor: manager, bulk: [] },
];

describe('bulkBranchActions on ticked rows', () => {
  it.each(bulkTable)('offers $bulk for $rows', ({ selection, actor, bulk }) => {
    expect(bulkBranchActions(selection, actor)).toEqual(bulk);
  });
});

/**
 * Spec 2 §4's bulk table, line by line: [created by the operator side, by a brand user]. Pending and
 * Updated operator rows, and Approve/Reject on a brand user's Pending row, fill the spec's gaps
 * (decisions 0007, 0070).
 */
const specBulkTable: Record<BranchStatus, [BranchBulkAction[], BranchBulkAction[]]> = {
  Deleted: [['approve', 'reject'], []],
  Rejected: [['delete', 'approve'], ['delete']],
  Approved: [['delete', 'reject'], ['delete']],
  Active: [['delete', 'reject'], ['delete']],
  Pending: [
    ['delete', 'approve', 'reject'],
    ['delete', 'approve', 'reject'],
  ],
  Updated: [
    ['delete', 'approve', 'reject'],
    ['delete', 'approve', 'reject'],
  ],
};

type TakeOfLine = (
  line: BranchBulkAction[],
  status: BranchStatus,
  byBrandUser: boolean,
) => BranchBulkAction[];
/** Deletes; approves and rejects only the rows awaiting the brand's decision. */
const brandAdminTakes: TakeOfLine = (line, status, byBrandUser) =>
  line.filter((action) => action === 'delete' || (status === 'Pending' && !byBrandUser));
const none: TakeOfLine = () => [];

/** What each audience may take of a line: everything (the system admin), or part of it. */
const bulkByAudience: Record<Audience, TakeOfLine> = {
  systemadmin: (line) => line,
  // Reviews but deletes nothing.
  bank: (line) => line.filter((action) => action !== 'delete'),
  companyAdmin: brandAdminTakes,
  groupAdmin: brandAdminTakes,
  brandAdmin: brandAdminTakes,
  // Deletes in the onboarding train, decides nothing.
  guest: (line) => line.filter((action) => action === 'delete'),
  user: none,
  brandUser: none,
  groupUser: none,
  cardprovider: none,
  clientAdmin: none,
};

describe("spec 2 §4's bulk table, every status × creator × audience", () => {
  it.each(
    branchStatuses.flatMap((status) =>
      creators.map(({ creator, byBrandUser }) => ({ status, creator, byBrandUser })),
    ),
  )('gives the line of $status rows created by $creator', ({ status, byBrandUser }) => {
    expect(bulkTableActions({ status, createdByBrandUser: byBrandUser })).toEqual(
      specBulkTable[status][byBrandUser ? 1 : 0],
    );
  });

  it.each(
    (Object.keys(bulkByAudience) as Audience[]).flatMap((audience) =>
      branchStatuses.flatMap((status) =>
        creators.map(({ creator, byBrandUser }) => ({ audience, status, creator, byBrandUser })),
      ),
    ),
  )(
    'offers $audience, for two ticked $status rows created by $creator, its part of the line',
    ({ audience, status, byBrandUser }) => {
      const line = specBulkTable[status][byBrandUser ? 1 : 0];
      const expected = bulkByAudience[audience](line, status, byBrandUser);
      const ticked = [row(status, byBrandUser), row(status, byBrandUser)];
      expect(bulkBranchActions(ticked, branchActorOf(audience))).toEqual(expected);
      // One ticked row offers the same.
      expect(bulkBranchActions([row(status, byBrandUser)], branchActorOf(audience))).toEqual(expected);
    },
  );

  it.each(['systemadmin', 'companyAdmin', 'guest'] as const)(
    'never offers %s Delete on ticked rows with a default branch',
    (audience) => {
      for (const status of branchStatuses) {
        expect(
          bulkBranchActions([row(status, false, true), row(status)], branchActorOf(audience)),
        ).not.toContain('delete');
      }
    },
  );
});

describe('branchActorOf', () => {
  const table: Record<Audience, BranchActor> = {
    systemadmin: systemAdmin,
    bank: bankReviewer,
    companyAdmin: manager,
    groupAdmin: manager,
    brandAdmin: manager,
    brandUser: reader,
    groupUser: reader,
    user: nobody,
    cardprovider: nobody,
    clientAdmin: nobody,
    // A guest adds and edits its brand's branches in the onboarding train's Branch step.
    guest: onboarding,
  };

  it('covers every audience', () => {
    expect(Object.keys(table)).toEqual(expect.arrayContaining([...brandRoles]));
  });

  it.each(Object.entries(table) as [Audience, BranchActor][])(
    'gives %s what spec 2 §6 allows',
    (audience, actor) => {
      expect(branchActorOf(audience)).toEqual(actor);
    },
  );
});

describe('awaitsBrandDecision', () => {
  it.each(
    branchStatuses.flatMap((status) =>
      creators.map(({ creator, byBrandUser }) => ({ status, creator, byBrandUser })),
    ),
  )('says whether a branch in $status created by $creator waits for the brand', ({ status, byBrandUser }) => {
    expect(awaitsBrandDecision(row(status, byBrandUser))).toBe(status === 'Pending' && !byBrandUser);
  });
});

describe("a brand's change of merchant IDs (spec 2 §4)", () => {
  it.each(branchStatuses)('is reviewed by the operator side only once a %s branch earns', (status) => {
    expect(merchantIdChangeNeedsReview(status)).toBe(['Active', 'Approved', 'Updated'].includes(status));
  });

  it('leaves an Updated branch earning on its reviewed IDs, and approving it to the operator side', () => {
    expect(branchCarriesCampaigns('Updated')).toBe(true);
    for (const byBrandUser of [false, true]) {
      expect(branchActions(row('Updated', byBrandUser), manager)).not.toContain('approve');
      expect(branchActions(row('Updated', byBrandUser), systemAdmin)).toEqual(
        expect.arrayContaining(['approve', 'reject']),
      );
    }
    expect(awaitsBrandDecision(row('Updated'))).toBe(false);
  });
});
