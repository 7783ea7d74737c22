import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';

export const ids = {
  brand: 'c0c0c0c0-0000-4000-8000-000000000003',
  otherBrand: 'c0c0c0c0-0000-4000-8000-000000000004',
  group: 'd0d0d0d0-0000-4000-8000-000000000005',
  branch: 'e0e0e0e0-0000-4000-8000-000000000006',
  campaign: 'f0f0f0f0-0000-4000-8000-000000000007',
};

const baseUser: SessionUser = sessionUserFixture({
  email: 'someone@demo.test',
  firstName: 'Some',
  lastName: 'One',
  displayName: 'Some One',
  role: 'brandAdmin',
  brandId: ids.brand,
  brandObjId: ids.brand,
});

export const users = {
  brandAdmin: baseUser,
  groupAdmin: {
    ...baseUser,
    role: 'groupAdmin',
    brandId: null,
    brandObjId: null,
    groupId: ids.group,
  } as SessionUser,
  clientAdmin: {
    ...baseUser,
    role: 'brandUser',
    brandId: null,
    brandObjId: null,
    isClientAdmin: true,
  } as SessionUser,
};

export function renderAt(path: string, route: string, element: ReactNode, queryClient?: QueryClient) {
  return renderWithProviders(element, {
    path,
    routes: { [route]: element },
    ...(queryClient ? { queryClient } : {}),
  });
}

/** A dashboard answer with figures (money in pence). */
export function answerWith(overrides: Record<string, unknown> = {}) {
  return {
    name: '',
    start_date: '2025-05-17',
    end_date: '2025-06-15',
    count: 2,
    statistics: [
      { name: 'reach', value: 120 },
      { name: 'conversions', value: 150 },
      { name: 'revenue', value: 345_678 },
      { name: 'total_cost', value: 50_000 },
      { name: 'totalCashback', value: 40_000 },
      { name: 'totalSuccessFee', value: 10_000 },
      { name: 'cpa', value: 333 },
    ],
    insights: [
      { name: 'highest_spend', value: 9_999 },
      { name: 'lowest_spend', value: 250 },
      { name: 'average_spend', value: 2_305 },
      { name: 'repeat_customers', value: 30 },
    ],
    performance: {
      reach: [],
      conversions: [{ label: '2025-W20', value: 150 }],
      revenue: [{ label: '2025-W20', value: 345_678 }],
    },
    demographic: {
      age: [],
      gender: [],
      nationality: [],
      branches: [{ label: 'Harbour Kitchen Leeds', value: 345_678 }],
      revenuePerPublisher: [{ label: 'NextJump', value: 345_678 }],
    },
    is_two_customer: true,
    offerTypeList: ['dp'],
    // The filter the server applied, echoed back: the period, and no narrowing by default.
    currentFilter: {
      start_date: '2025-05-17',
      end_date: '2025-06-15',
      brandId: null,
      groupId: null,
      campaign_id: null,
      data_source: null,
      kmid: null,
      tranCustomerType: null,
      selectedOfferType: null,
    },
    ...overrides,
  };
}

export const emptyAnswer = () =>
  answerWith({
    count: 0,
    statistics: [
      { name: 'reach', value: 0 },
      { name: 'conversions', value: 0 },
    ],
    offerTypeList: [],
    is_two_customer: false,
  });
