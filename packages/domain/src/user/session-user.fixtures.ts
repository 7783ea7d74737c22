import type { SessionUser } from './session-user.schema.ts';

/**
 * A signed-in brand user of Green Fork for component tests, with what a test cares about
 * overridden: `sessionUserFixture({ role: 'groupAdmin', groupId })`.
 */
export function sessionUserFixture(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 'a0a0a0a0-0000-4000-8000-000000000001',
    email: 'uma@demo.test',
    firstName: 'Uma',
    lastName: 'User',
    displayName: 'Uma User',
    phone: null,
    photo: null,
    role: 'user',
    entityType: 'brand',
    entity: { name: 'Green Fork' },
    brandId: 'c0c0c0c0-0000-4000-8000-000000000003',
    brandObjId: 'c0c0c0c0-0000-4000-8000-000000000003',
    brandName: 'Green Fork',
    brandIds: [],
    groupId: null,
    groupName: null,
    bankId: null,
    bankName: null,
    isClientAdmin: false,
    isInternalDemo: false,
    source: null,
    isFirstLogin: false,
    isTAndCAccepted: true,
    guestUser: false,
    guestUserFlag: false,
    stepOne: false,
    stepTwo: false,
    stepThree: false,
    proceesCompleted: true,
    step: null,
    stepOneData: null,
    __v: 0,
    ...overrides,
  };
}
