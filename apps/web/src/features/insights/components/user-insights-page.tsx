import { Alert, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { Audience } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { useSessionUser } from '@/lib/session';
import { useBrandsWithReviews } from '../api/insights-calls.ts';
import { SocialAnalytics, insightsTabs, type InsightsTab } from './social-analytics.tsx';

const m = messages.insightsWeb;

const basePath = paths.page('socialAnalytics');
export const userTabHref = (tab: InsightsTab): string => `${basePath}/${tab}`;

/** Audiences that may look at any brand (access.rules 'insights.read' scope); the others see their own. */
const anyBrandAudiences: readonly Audience[] = ['systemadmin', 'clientAdmin'];

/** A brand user's own brand; a group admin the first brand of its group (spec 3 §4). */
export function ownBrandOf(user: SessionUser): { brandId: string; brandName: string | null } | null {
  if (user.brandId) return { brandId: user.brandId, brandName: user.brandName };
  return user.brandIds[0] ?? null;
}

/** The system admin's brand choice: brands that have reviews, searched by name on the server. */
function BrandChoice({ value, onChange }: { value: string | null; onChange: (brandId: string) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const brands = useBrandsWithReviews(debounced);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = [
    ...(chosen && !brands.data?.some((brand) => brand.value === chosen.value) ? [chosen] : []),
    ...(brands.data ?? []).map((brand) => ({ value: brand.value, label: brand.label })),
  ];
  return (
    <Select
      label={m.brandToView}
      placeholder={m.brandPlaceholder}
      data={options}
      value={value}
      onChange={(next, option) => {
        if (!next) return;
        setChosen(option);
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={brands.isFetching ? messages.common.loading : m.noBrandFound}
      allowDeselect={false}
      w={260}
    />
  );
}

/**
 * /user/socialanalytics (+ /overview, /trends, /similarity): the signed-in social analytics inside
 * the shell, with Revenue YTD. The system admin and client admins choose the brand (the most reviewed
 * one to start with); brand admins see their own, group admins their group's first brand.
 */
export function UserInsightsPage() {
  const user = useSessionUser();
  const { '*': rest = '' } = useParams();
  const anyBrand = user ? anyBrandAudiences.includes(audienceOfUser(user)) : false;
  const topBrands = useBrandsWithReviews('', anyBrand);
  const [picked, setPicked] = useState<string | null>(null);
  if (!user) return null;
  if (rest !== '' && !(insightsTabs as readonly string[]).includes(rest)) {
    return <Navigate to={basePath} replace />;
  }
  const tab: InsightsTab = rest === '' ? 'overview' : (rest as InsightsTab);
  const mostReviewed = topBrands.data
    ? [...topBrands.data].sort((a, b) => b.totalreviewscount - a.totalreviewscount)[0]?.value
    : undefined;
  const ownBrand = anyBrand ? null : ownBrandOf(user);
  const brandId = anyBrand ? (picked ?? mostReviewed ?? null) : (ownBrand?.brandId ?? null);

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
        leadingFilter={anyBrand ? <BrandChoice value={brandId} onChange={setPicked} /> : undefined}
      />
    </Stack>
  );
}
