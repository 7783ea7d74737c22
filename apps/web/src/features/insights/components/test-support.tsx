import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type {
  FactorsAnswer,
  SimilarityAnswer,
  TrendsAnswer,
} from '@krowd/domain/insights/insights-response.schema';
import { renderWithProviders } from '@/test/render-with-providers';

export const brandId = 'c0c0c0c0-0000-4000-8000-000000000003';

/** An answer as the API sends it: inside the envelope, whose respCode a view waits for. */
type Sent<Answer> = Answer & { respCode: number };

/** Renders the routes at a path, showing the address (data-testid "address") so a click's target can be seen. */
export function renderAt(path: string, routes: Record<string, ReactNode>) {
  return renderWithProviders(null, { path, routes, showAddress: true });
}

/** A factors answer with figures; `overrides` replace parts of `response`. */
export function factorsAnswer(overrides: Partial<FactorsAnswer['response']> = {}): Sent<FactorsAnswer> {
  return {
    respCode: 200,
    response: {
      krowdscore: 72.5,
      totalreviewscount: 148,
      loggedinBrandoverallRank: { rank: 3, outOf: 17 },
      cusineRankingforselectedrange: { rank: 1, outOf: 5, cuisine: 'Italian' },
      cuisineRankings: [{ rank: 1, outOf: 5, cuisine: 'Italian' }],
      chartDetails: {
        factorsAffecting: {
          categories: ['Food', 'Price', 'Ambiance', 'Service'],
          Positive: [40, 12, 9, 30],
          Negative: [5, 8, 2, 6],
        },
      },
      ...overrides,
    },
  };
}

export const branches = (count: number) => ({
  respCode: 200,
  data: {
    allbranches: Array.from({ length: count }, (_, index) => ({
      kmid: `KM10${index}`,
      branchName: `Green Fork ${['Leeds', 'York', 'Hull'][index]}`,
      city: 'Leeds',
      cuisine: 'Italian',
      brandId,
      brandName: 'Green Fork',
      reviewCount: 50,
    })),
    competitors: [
      {
        kmid: 'KM900',
        branchName: 'Pasta Place',
        city: 'Leeds',
        cuisine: 'Italian',
        brandId: null,
        brandName: 'Pasta Place',
        reviewCount: 80,
      },
      {
        kmid: 'KM901',
        branchName: 'Leeds',
        city: 'Leeds',
        cuisine: 'Thai',
        brandId: null,
        brandName: 'Thai Garden',
        reviewCount: 120,
      },
    ],
  },
});

const radar = (labels: string[]) => ({
  labels,
  datasets: [{ label: 'Green Fork', brandId, data: labels.map((_, index) => 10 + index) }],
});

export const similarityAnswer = (): Sent<SimilarityAnswer> => ({
  respCode: 200,
  objectwithjsd: radar(['Food', 'Price', 'Ambiance', 'Service']),
  objectwithfood: radar(['Green Fork', 'Pasta Place']),
  objectwithprice: radar(['Green Fork', 'Pasta Place']),
  objectwithambiance: radar(['Green Fork', 'Pasta Place']),
  objectwithservice: radar(['Green Fork', 'Pasta Place']),
  brandList: [
    { brandId: 'KM900', brandName: 'Pasta Place', kind: 'venue', kmid: 'KM900', similarity: 91.25 },
  ],
});

export const trendsAnswer = (): Sent<TrendsAnswer> => ({
  respCode: 200,
  trendschartDetails: {
    data: [
      {
        name: 'Green Fork',
        data: [
          { label: '2026-01', value: 70 },
          { label: '2026-02', value: 72 },
        ],
      },
      {
        name: 'Thai Garden',
        data: [
          { label: '2026-01', value: 60 },
          { label: '2026-02', value: null },
        ],
      },
    ],
  },
  lineschartDetails: {
    aspect: 'Food',
    data: [
      {
        name: 'Green Fork',
        data: [
          { label: '2026-01', value: 4 },
          { label: '2026-02', value: -1 },
        ],
      },
    ],
  },
});

/** Opens a select by its input and clicks the option of that select (other selects' lists stay mounted). */
export async function pick(input: HTMLElement, name: string) {
  await userEvent.click(input);
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the select has no list');
  await userEvent.click(await within(list).findByRole('option', { name, hidden: true }));
}
