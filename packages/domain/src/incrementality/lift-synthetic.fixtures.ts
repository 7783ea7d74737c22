import type { LiftCard } from './lift.rules.ts';
import { seededRandom } from './prng.rules.ts';

/**
 * Synthetic campaign months with a known true lift, for testing the lift's intervals
 * (docs/decisions/0125). Each card has its own chance of buying p = 0.05 + 0.55·U² (most cards
 * rarely buy, a few often) and its own mean ticket m ~ U(£15, £45); it has 6 chances to buy in the
 * 90 days before and 2 in the month, each
 * bought with chance p, a ticket being m·U(0.5, 1.5). An exposed card is shown the offer with
 * chance `exposureRate`; shown, each of its month's chances is bought with p + `uplift`. Cashback is
 * 10% and the fee 5% of what shown cards spent.
 *
 * The true intent-to-treat lifts, in expectation over cards (E[p] = 0.05 + 0.55/3, E[m] = 3,000p):
 *   spend per card      = exposureRate · 2 · uplift · 3,000
 *   conversion rate     = exposureRate · (2 · uplift · (1 − E[p]) − uplift²)
 *   purchases per card  = exposureRate · 2 · uplift
 * (conversion: 1 − (1 − p − u)² − (1 − (1 − p)²) = 2u(1 − p) − u²).
 */

export interface SyntheticPlan {
  cards: number;
  /** The holdout share, 0 to 1. */
  holdoutShare: number;
  /** Added to each chance to buy of a shown card, 0 to 0.4. */
  uplift: number;
  /** The share of exposed cards the publisher actually showed the offer to. */
  exposureRate: number;
  seed: number;
}

export interface SyntheticCampaign {
  cards: LiftCard[];
  cashbackPence: number;
  feePence: number;
  trueSpendLiftPerCard: number;
  trueConversionLift: number;
  trueTransactionsLift: number;
}

const meanTicketPence = 3_000;
const meanChance = 0.05 + 0.55 / 3;

export function syntheticCampaign(plan: SyntheticPlan): SyntheticCampaign {
  const { uplift, exposureRate } = plan;
  if (!(uplift >= 0 && uplift <= 0.4)) throw new RangeError('synthetic: uplift must be 0 to 0.4');
  const random = seededRandom(plan.seed);
  const ticket = (meanTicket: number) => meanTicket * (0.5 + random.nextFloat());
  const cards: LiftCard[] = [];
  let shownSpend = 0;
  for (let card = 0; card < plan.cards; card += 1) {
    const chance = 0.05 + 0.55 * random.nextFloat() ** 2;
    const meanTicket = 1_500 + 3_000 * random.nextFloat();
    let preSpend = 0;
    for (let slot = 0; slot < 6; slot += 1) if (random.nextFloat() < chance) preSpend += ticket(meanTicket);
    const arm = random.nextFloat() < plan.holdoutShare ? 'holdout' : 'exposed';
    const shown = arm === 'exposed' && random.nextFloat() < exposureRate;
    let spend = 0;
    let transactions = 0;
    for (let slot = 0; slot < 2; slot += 1) {
      if (random.nextFloat() < chance + (shown ? uplift : 0)) {
        spend += ticket(meanTicket);
        transactions += 1;
      }
    }
    const spendPence = Math.round(spend);
    if (shown) shownSpend += spendPence;
    cards.push({ arm, spendPence, transactions, preSpendPence: Math.round(preSpend) });
  }
  return {
    cards,
    cashbackPence: Math.round(shownSpend * 0.1),
    feePence: Math.round(shownSpend * 0.05),
    trueSpendLiftPerCard: exposureRate * 2 * uplift * meanTicketPence,
    trueConversionLift: exposureRate * (2 * uplift * (1 - meanChance) - uplift * uplift),
    trueTransactionsLift: exposureRate * 2 * uplift,
  };
}
