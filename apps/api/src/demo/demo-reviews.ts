import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/database.generated.ts';
import { analyserVersion, analyseReview } from '../modules/insights/review-analyser.ts';
import { createReviewsRepository } from '../modules/insights/reviews.repository.ts';
import { prng } from './prng.ts';

/**
 * Demo reviews for social analytics (docs/social-analytics.md): the demo brands' venues get a
 * cuisine, competitor venues of the same cities join the branch directory, and every venue gets
 * 24 months of reviews written from phrase banks, each venue with its own strengths and
 * weaknesses per aspect, so scores, ranks, trends and similarity all differ. The texts go through
 * the same analyser as an upload; nothing about their sentiment is stored from here.
 */

export type DemoCuisineBrand = 'groupBrandA' | 'groupBrandB' | 'standalone' | 'firstLogin' | 'cardNetwork';

/** The cuisine of each demo brand's venues. */
export const demoBrandCuisines: Record<DemoCuisineBrand, string> = {
  groupBrandA: 'Seafood',
  groupBrandB: 'Pizza',
  standalone: 'Vegetarian',
  firstLogin: 'Bakery',
  cardNetwork: 'Indian',
};

/** Competitor venues: name, address, postcode, city, cuisine. */
const competitors = [
  ['Leaf & Root Covent Garden', '14 Floral Street, London', 'WC2E 9DH', 'London', 'Vegetarian'],
  ['The Garden Table Brixton', '5 Atlantic Road, London', 'SW9 8HX', 'London', 'Vegetarian'],
  ['Smoke Yard Shoreditch', '90 Curtain Road, London', 'EC2A 3AA', 'London', 'Barbecue'],
  ['Bella Napoli Camden', '31 Parkway, London', 'NW1 7PN', 'London', 'Pizza'],
  ['Spice Route Brick Lane', '120 Brick Lane, London', 'E1 6RL', 'London', 'Indian'],
  ['Tides Fish House Islington', '77 Upper Street, London', 'N1 0NU', 'London', 'Seafood'],
  ['Dockside Fish Bar Leeds', '3 Call Lane, Leeds', 'LS1 7DH', 'Leeds', 'Seafood'],
  ['Forno Leeds', '18 Boar Lane, Leeds', 'LS1 6EN', 'Leeds', 'Pizza'],
  ['Moss & Fern Leeds', '42 Merrion Street, Leeds', 'LS2 8JQ', 'Leeds', 'Vegetarian'],
  ['Minster Chippy York', '9 Goodramgate, York', 'YO1 7LQ', 'York', 'Seafood'],
  ['Shambles Kitchen York', '28 The Shambles, York', 'YO1 7LX', 'York', 'Modern British'],
  ['Humber Catch Hull', '11 Humber Street, Hull', 'HU1 1TU', 'Hull', 'Seafood'],
  ['Napoli Nights Manchester', '55 Oldham Street, Manchester', 'M1 1JR', 'Manchester', 'Pizza'],
  ['Curry Mile House Manchester', '101 Wilmslow Road, Manchester', 'M14 5AN', 'Manchester', 'Indian'],
  ['Green Leaf Manchester', '7 Stevenson Square, Manchester', 'M1 1DN', 'Manchester', 'Vegetarian'],
  ['Quays Pizza Salford', '2 The Quays, Salford', 'M50 3AZ', 'Salford', 'Pizza'],
  ['Crumb & Co Bath', '16 Milsom Street, Bath', 'BA1 1DE', 'Bath', 'Bakery'],
  ['Pulteney Bakehouse Bath', '4 Argyle Street, Bath', 'BA2 4BA', 'Bath', 'Bakery'],
] as const;

type Aspect = 'food' | 'price' | 'ambiance' | 'service';
const aspects: readonly Aspect[] = ['food', 'price', 'ambiance', 'service'];

const dishes: Record<string, readonly string[]> = {
  Seafood: ['fish', 'seafood platter', 'fish and chips', 'crab salad'],
  Pizza: ['pizza', 'margherita', 'pizza crust', 'pasta'],
  Vegetarian: ['salad', 'mushroom risotto', 'veggie burger', 'lentil curry'],
  Bakery: ['pastries', 'sourdough bread', 'cake', 'coffee'],
  Indian: ['curry', 'chicken tikka', 'dal', 'naan bread'],
  Barbecue: ['brisket', 'ribs', 'burger', 'chicken wings'],
  'Modern British': ['steak', 'roast dinner', 'pie', 'dessert'],
};

const phrases: Record<Aspect, { good: readonly string[]; bad: readonly string[] }> = {
  food: {
    good: [
      'The {dish} was delicious.',
      'Really tasty {dish}, cooked perfectly.',
      'Fresh and flavourful food.',
      'Generous portions and a lovely {dish}.',
    ],
    bad: [
      'The {dish} was bland and overcooked.',
      'My {dish} arrived cold and tasteless.',
      'Disappointing food, the {dish} was greasy.',
    ],
  },
  price: {
    good: ['Great value for money.', 'Prices are very reasonable.', 'Affordable and worth every penny.'],
    bad: [
      'Far too expensive for what you get.',
      'Overpriced, and the bill was a shock.',
      'Poor value, the prices are silly.',
    ],
  },
  ambiance: {
    good: [
      'Lovely cosy atmosphere.',
      'The decor is beautiful and the music relaxed.',
      'A calm, clean and welcoming room.',
    ],
    bad: [
      'The room was noisy and cramped.',
      'Dirty tables and terrible music.',
      'The atmosphere felt cold and gloomy.',
    ],
  },
  service: {
    good: [
      'The staff were friendly and attentive.',
      'Our waiter was brilliant and helpful.',
      'Fast, polite service throughout.',
    ],
    bad: [
      'Service was painfully slow.',
      'The staff were rude and unhelpful.',
      'We waited ages and the waiter forgot our order.',
    ],
  },
};

/** Clauses joined with 'but': a good aspect and a bad one in one sentence. */
const contrastPairs: Record<Aspect, { good: string; bad: string }> = {
  food: { good: 'the {dish} was delicious', bad: 'the {dish} was disappointing' },
  price: { good: 'the prices were fair', bad: 'the prices were far too high' },
  ambiance: { good: 'the atmosphere was lovely', bad: 'the room was horribly noisy' },
  service: { good: 'the staff were lovely', bad: 'the service was painfully slow' },
};

const openers = [
  '',
  'We came for a birthday. ',
  'Visited on a Saturday night. ',
  'Popped in for a quick lunch. ',
  'Second visit this year. ',
];
const sources = ['Google', 'TripAdvisor', 'OpenTable'] as const;

const dayMs = 86_400_000;

/** One venue's reviews: its chance of a good word per aspect drifts over the 24 months. */
export function demoVenueReviews(kmid: string, cuisine: string, seed: number, now: Date) {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const strength = Object.fromEntries(aspects.map((aspect) => [aspect, 0.25 + random() * 0.65])) as Record<
    Aspect,
    number
  >;
  const drift = (random() - 0.5) * 0.4;
  const count = 30 + Math.floor(random() * 50);
  const menu = dishes[cuisine] ?? dishes['Modern British']!;
  return Array.from({ length: count }, (_, index) => {
    // Newer reviews are more frequent: ages spread as 730 × u^1.5 days.
    const ageDays = 730 * random() ** 1.5;
    const reviewedAt = new Date(now.getTime() - Math.max(0.05, ageDays) * dayMs);
    const recentShare = 1 - ageDays / 730;
    const chosen = aspects.filter(() => random() < 0.55);
    if (chosen.length === 0) chosen.push(pick(aspects));
    const good = new Map(
      chosen.map((aspect) => [
        aspect,
        random() < Math.min(0.95, Math.max(0.05, strength[aspect] + drift * recentShare)),
      ]),
    );
    const dish = pick(menu);
    const sentences: string[] = [];
    const contrast = chosen.find((aspect) => good.get(aspect));
    const opposite = chosen.find((aspect) => !good.get(aspect));
    if (contrast && opposite && random() < 0.4) {
      const text = `${contrastPairs[contrast].good} but ${contrastPairs[opposite].bad}.`;
      sentences.push(text.charAt(0).toUpperCase() + text.slice(1));
      chosen.splice(chosen.indexOf(contrast), 1);
      chosen.splice(chosen.indexOf(opposite), 1);
    }
    for (const aspect of chosen)
      sentences.push(pick(good.get(aspect) ? phrases[aspect].good : phrases[aspect].bad));
    const goods = [...good.values()].filter(Boolean).length;
    const mood = (goods - (good.size - goods)) / good.size;
    const rating = Math.min(5, Math.max(1, Math.round(3 + 2 * mood + (random() - 0.5) * 1.4)));
    return {
      kmid,
      source: pick(sources),
      externalId: `demo-${kmid}-${index + 1}`,
      reviewedAt,
      rating,
      reviewerRating: random() < 0.2 ? null : 1 + Math.floor(random() * 5),
      text: `${pick(openers)}${sentences.join(' ')}`.replaceAll('{dish}', dish),
    };
  });
}

export async function loadDemoReviews(
  trx: Transaction<DB>,
  options: { brandIds: Record<DemoCuisineBrand, string>; now: Date },
): Promise<number> {
  for (const [key, cuisine] of Object.entries(demoBrandCuisines) as [DemoCuisineBrand, string][]) {
    await sql`UPDATE branch_directory SET cuisine = ${cuisine}
      WHERE kmid IN (SELECT kmid FROM branches WHERE brand_id = ${options.brandIds[key]}::uuid)`.execute(trx);
  }
  await trx
    .insertInto('branch_directory')
    .values(
      competitors.map(([name, address, postcode, city, cuisine]) => ({
        merchant_name: name,
        address,
        postcode,
        city,
        cuisine,
      })),
    )
    .execute();
  const venues = await trx
    .selectFrom('branch_directory')
    .select(['kmid', 'cuisine'])
    .where('cuisine', 'is not', null)
    .orderBy('kmid')
    .execute();
  const reviews = venues.flatMap((venue, index) =>
    demoVenueReviews(venue.kmid, venue.cuisine!, 1500 + index, options.now).map((review) => ({
      ...review,
      ...analyseReview(review.text),
      analyserVersion,
    })),
  );
  return createReviewsRepository(trx).insertReviews(trx, reviews);
}
