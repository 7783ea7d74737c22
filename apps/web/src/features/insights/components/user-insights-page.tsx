import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { seesAllBrands } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { useSessionUser } from '@/lib/session';
import { useBrandsWithReviews } from '../api/get-brands-with-reviews.ts';
import { BrandSearchSelect, type BrandOption } from './brand-search-select.tsx';
import { SocialAnalytics, insightsTabs, type InsightsTab } from './social-analytics.tsx';

const m = messages.insightsWeb;

const basePath = paths.page('socialAnalytics');
export const userTabHref = (tab: InsightsTab): string => `${basePath}/${tab}`;

/** A brand user's own brand; a group admin the first brand of its group (spec 3 §4). */
export function ownBrandOf(user: SessionUser): { brandId: string; brandName: string | null } | null {
  if (user.brandId) return { brandId: user.brandId, brandName: user.brandName };
  return user.brandIds[0] ?? null;
}

/**
 * /user/socialanalytics (+ /overview, /trends, /similarity): the signed-in social analytics inside
 * the shell, with Revenue YTD. The system admin and client admins choose the brand (the most reviewed
 * one to start with); brand admins see their own, group admins their group's first brand.
 */
export function UserInsightsPage() {
  const user = useSessionUser();
  const { '*': rest = '' } = useParams();
  // Those who see every brand (tenant scope 'all') choose one; the others see their own.
  const anyBrand = user ? seesAllBrands(audienceOfUser(user)) : false;
  const topBrands = useBrandsWithReviews('', anyBrand);
  const [picked, setPicked] = useState<BrandOption | null>(null);
  if (!user) return null;
  if (rest !== '' && !(insightsTabs as readonly string[]).includes(rest)) {
    return <Navigate to={basePath} replace />;
  }
  const tab: InsightsTab = rest === '' ? 'overview' : (rest as InsightsTab);
  const mostReviewed = topBrands.data
    ? [...topBrands.data].sort((a, b) => b.totalreviewscount - a.totalreviewscount)[0]
    : undefined;
  const shownBrand: BrandOption | null =
    picked ?? (mostReviewed ? { value: mostReviewed.value, label: mostReviewed.label } : null);
  const ownBrand = anyBrand ? null : ownBrandOf(user);
  const brandId = anyBrand ? (shownBrand?.value ?? null) : (ownBrand?.brandId ?? null);

  if (!brandId) {
    if (anyBrand && topBrands.isPending) return null;
    return <Alert color="blue">{anyBrand ? m.chooseBrand : m.noBrand}</Alert>;
  }
  return (
    <Stack gap="md">
      {ownBrand?.brandName ? (
        <Text c="dimmed" mt={-12} data-testid="insights-brand">
          {ownBrand.brandName}
        </Text>
      ) : null}
      <SocialAnalytics
        key={brandId}
        caller={{}}
        brandId={brandId}
        tab={tab}
        tabHref={userTabHref}
        leadingFilter={
          anyBrand ? (
            <BrandSearchSelect
              label={m.brandToView}
              value={shownBrand}
              onChange={(brand) => {
                if (brand) setPicked(brand);
              }}
              width={260}
            />
          ) : undefined
        }
      />
    </Stack>
  );
}
