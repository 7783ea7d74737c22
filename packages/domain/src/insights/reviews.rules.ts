import { messages } from '../messages/messages';
import { hasControlCharacter } from './insights.schema';
import { reviewTextMaxLength } from './reviews.schema';

/** A review row as checked: ready to analyse and store. */
export interface ReviewRow {
  source: string;
  externalId: string;
  kmid: string;
  reviewedAt: Date;
  rating: number;
  reviewerRating: number | null;
  text: string;
}

const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const plainToken = /^[A-Za-z0-9][A-Za-z0-9 ._:/-]*$/;

/**
 * Checks one uploaded review (CSV row or JSON item, every value as text): answers the row or the
 * message of its first problem. Whether the kmid names a venue is checked against the directory
 * by the caller. A review dated after `now` is refused.
 */
export function reviewRowOf(
  fields: Record<string, string | number | null | undefined>,
  now: Date,
): ReviewRow | { error: string } {
  const text = (key: string) => {
    const value = fields[key];
    return value === undefined || value === null ? '' : String(value);
  };
  const all = [text('source'), text('external_id'), text('kmid'), text('reviewed_at'), text('rating')];
  if (all.some((value) => hasControlCharacter(value)) || hasControlCharacter(text('text'), true)) {
    return { error: messages.insights.rowControl };
  }
  const source = text('source').trim();
  if (!source || source.length > 50 || !plainToken.test(source))
    return { error: messages.insights.rowSource };
  const externalId = text('external_id').trim();
  if (!externalId || externalId.length > 100) return { error: messages.insights.rowReviewId };
  const kmid = text('kmid').trim();
  if (!kmid) return { error: messages.insights.rowMidRequired };
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(kmid)) return { error: messages.insights.rowMid };
  const reviewedAtText = text('reviewed_at').trim();
  const reviewedAt = new Date(reviewedAtText);
  if (!isoWithOffset.test(reviewedAtText) || Number.isNaN(reviewedAt.getTime()) || reviewedAt > now) {
    return { error: messages.insights.rowDate };
  }
  const ratingText = text('rating').trim();
  if (!/^[1-5]$/.test(ratingText)) return { error: messages.insights.rowRating };
  const reviewerText = text('reviewer_rating').trim();
  let reviewerRating: number | null = null;
  if (reviewerText !== '') {
    reviewerRating = /^\d(\.\d{1,2})?$/.test(reviewerText) ? Number(reviewerText) : Number.NaN;
    if (!(reviewerRating >= 1 && reviewerRating <= 5)) return { error: messages.insights.rowReviewerRating };
  }
  const body = text('text').trim();
  if (!body || body.length > reviewTextMaxLength) return { error: messages.insights.rowText };
  return { source, externalId, kmid, reviewedAt, rating: Number(ratingText), reviewerRating, text: body };
}
