import { describe, expect, it } from 'vitest';
import { brandRoles, type Audience } from '../access/access.rules.ts';
import {
  awaitsBrandDecision,
  branchActions,
  branchActorOf,
  bulkActionsOf,
  type BranchAction,
  type BranchActor,
  type BranchRuleRow,
} from './branch.rules.ts';
import { branchStatuses, type BranchStatus } from './branch.schema.ts';

const manager: BranchActor = { manage: true, review: false, decide: true, view: true };
const reviewer: BranchActor = { manage: false, review: true, decide: true, view: true };
/** A guest in the onboarding train: adds and edits its branches, decides nothing. */
const onboarding: BranchActor = { manage: true, review: false, decide: false, view: true };
const reader: BranchActor = { manage: false, review: false, decide: false, view: true };
const nobody: BranchActor = { manage: false, review: false, decide: false, view: false };

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
  Updated: [['view'], ['view']],
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
      expect(sorted(branchActions([row(status, byBrandUser, isDefault)], reviewer))).toEqual(
        sorted(expected),
      );
    },
  );

  it.each(everyRow)(
    'lets a manager act on $kind in $status created by $creator as the spec says',
    ({ status, byBrandUser, isDefault }) => {
      const deciding: BranchAction[] = status === 'Pending' && !byBrandUser ? ['approve', 'reject'] : [];
      const expected = [...managerRowTable[status][isDefault ? 0 : 1], ...deciding];
      expect(sorted(branchActions([row(status, byBrandUser, isDefault)], manager))).toEqual(sorted(expected));
    },
  );

  it.each(everyRow)(
    'lets a guest onboarding add and edit $kind in $status but never approve or reject it',
    ({ status, byBrandUser, isDefault }) => {
      const expected = managerRowTable[status][isDefault ? 0 : 1];
      expect(sorted(branchActions([row(status, byBrandUser, isDefault)], onboarding))).toEqual(
        sorted(expected),
      );
    },
  );

  it.each(everyRow)(
    'lets a finance user only view $kind in $status',
    ({ status, byBrandUser, isDefault }) => {
      expect(branchActions([row(status, byBrandUser, isDefault)], reader)).toEqual(['view']);
    },
  );

  it.each(everyRow)(
    'shows the plain user nothing at all on $kind in $status',
    ({ status, byBrandUser, isDefault }) => {
      expect(branchActions([row(status, byBrandUser, isDefault)], nobody)).toEqual([]);
    },
  );

  it('never lets anyone delete a default branch, whoever created it', () => {
    for (const status of branchStatuses) {
      for (const byBrandUser of [false, true]) {
        expect(branchActions([row(status, byBrandUser, true)], manager)).not.toContain('delete');
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
    rows: 'operator rows all Updated',
    selection: [row('Updated'), row('Updated')],
    actor: reviewer,
    bulk: [],
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

describe('branchActions on ticked rows', () => {
  it.each(bulkTable)('offers $bulk for $rows', ({ selection, actor, bulk }) => {
    expect(bulkActionsOf(branchActions(selection, actor))).toEqual(bulk);
  });

  it('never offers view or edit for more than one row', () => {
    const actions = branchActions([row('Pending'), row('Pending')], {
      manage: true,
      review: true,
      decide: true,
      view: true,
    });
    expect(actions).toEqual(['delete', 'approve', 'reject']);
  });
});

describe('branchActorOf', () => {
  const table: Record<Audience, BranchActor> = {
    systemadmin: reviewer,
    bank: reviewer,
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
