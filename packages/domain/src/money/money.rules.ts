/**
 * Money (brief §4, §5): stored and computed as whole pence, never floats; forms show pounds;
 * the product shows '£' with two decimals and thousands separators.
 */

const gbp = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Pounds (as typed in a form) to whole pence, half a penny rounding away from zero. */
export function poundsToPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw new RangeError(`Not an amount: ${pounds}`);
  // Read to 12 significant digits first so 1.005 (stored as 1.00499999…) is 101 pence, not 100.
  const pence = Number((pounds * 100).toPrecision(12));
  const rounded = Math.round(Math.abs(pence));
  return pence < 0 ? -rounded : rounded;
}

/** Whole pence to pounds for a form field. */
export function penceToPounds(pence: number): number {
  return pence / 100;
}

/** '£12,430.00' */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}
