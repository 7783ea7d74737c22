import { readCsv } from '../csv/csv.rules.ts';
import { messages } from '../messages/messages.ts';
import { promoCodeMinimum, promoCodePattern } from './template.rules.ts';

// A file of its own so that the CSV reader loads only with the pages that read a promo-code file.

export type PromoCodeCsvIssue =
  | { kind: 'empty' }
  | { kind: 'invalidLine'; line: number }
  | { kind: 'unclosedQuote'; line: number }
  | { kind: 'duplicate'; code: string }
  | { kind: 'tooFew'; minimum: number; count: number };

/**
 * Reads a promo-code CSV (the one CSV reader, `csv/csv.rules.ts`: one code in the first column of
 * each record; a first code 'code', 'promocode' or 'promo code' is a header; blank lines are
 * skipped) and checks it: every code valid, none twice (codes compare without case), at least
 * `promoCodeMinimum(expectedReach)` of them.
 */
export function checkPromoCodeCsv(
  text: string,
  expectedReach: number,
): { codes: string[]; minimum: number; issue: PromoCodeCsvIssue | null } {
  const minimum = promoCodeMinimum(expectedReach);
  const codes: string[] = [];
  const reading = readCsv(text);
  if (!reading.ok) return { codes, minimum, issue: { kind: 'unclosedQuote', line: reading.line } };
  const seen = new Set<string>();
  let first = true;
  for (const { line, cells } of reading.records) {
    const cell = cells[0]!.trim();
    if (cell === '') continue;
    const header = first && /^promo ?code$|^code$/i.test(cell);
    first = false;
    if (header) continue;
    if (!promoCodePattern.test(cell)) return { codes, minimum, issue: { kind: 'invalidLine', line } };
    if (seen.has(cell.toUpperCase())) return { codes, minimum, issue: { kind: 'duplicate', code: cell } };
    seen.add(cell.toUpperCase());
    codes.push(cell);
  }
  if (codes.length === 0) return { codes, minimum, issue: { kind: 'empty' } };
  if (codes.length < minimum)
    return { codes, minimum, issue: { kind: 'tooFew', minimum, count: codes.length } };
  return { codes, minimum, issue: null };
}

/** What the uploader is told about a promo-code file's issue. */
export function promoCodeCsvProblem(issue: PromoCodeCsvIssue): string {
  const m = messages.campaign;
  switch (issue.kind) {
    case 'empty':
      return m.promoCodesEmpty;
    case 'invalidLine':
      return m.promoCodesInvalidLine(issue.line);
    case 'unclosedQuote':
      return m.promoCodesUnclosedQuote(issue.line);
    case 'duplicate':
      return m.promoCodesDuplicate(issue.code);
    case 'tooFew':
      return m.promoCodesTooFew(issue.minimum);
  }
}
