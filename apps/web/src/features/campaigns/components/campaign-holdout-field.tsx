import { Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { periodOf } from '@krowd/domain/campaign/campaign-dates.rules';
import { isHoldoutShare } from '@krowd/domain/incrementality/holdout.rules';
import { minimumDetectableLift } from '@krowd/domain/incrementality/lift-power.rules';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import { NumberField } from '@/components/ui/number-field';
import { useHoldoutVolume } from '../api/get-holdout-volume.ts';
import type { CampaignFormState } from './use-campaign-form.ts';

const h = messages.campaign.holdout;

/**
 * The campaign's holdout share (docs/decisions/0129) and, beside it, the smallest lift it can
 * detect at the brand's volume: its distinct cards of last month and the spread of their spend,
 * from its stored transactions (`minimumDetectableLift`, no variance reduction assumed). Said
 * plainly when there is no history or too few cards.
 */
export function CampaignHoldoutField({ state }: { state: CampaignFormState }) {
  const { form, values, brandId } = state;
  const volume = useHoldoutVolume(brandId || undefined);
  const share = typeof values.holdoutShare === 'number' ? values.holdoutShare : null;
  return (
    <Fieldset legend={h.title} variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {h.shareHint}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberField
            control={form.control}
            name="holdoutShare"
            kind="basisPoints"
            max={50}
            label={h.share}
          />
          <Text size="sm" aria-live="polite" data-testid="holdout-detectable" style={{ alignSelf: 'end' }}>
            {detectableText(share, volume)}
          </Text>
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

function detectableText(share: number | null, volume: ReturnType<typeof useHoldoutVolume>): string {
  if (share === 0) return h.off;
  if (volume.isError) return h.volumeFailed;
  if (!volume.data) return h.loading;
  if (share === null || !isHoldoutShare(share)) return '';
  const { month, cards, spendStandardDeviationPence } = volume.data;
  const period = periodOf(month);
  if (cards === 0 || spendStandardDeviationPence === null) return h.noHistory(period);
  const lift = minimumDetectableLift({
    holdoutShareBasisPoints: share,
    eligibleCards: cards,
    spendStandardDeviationPence,
    varianceReduction: 0,
  });
  if (!lift) return h.tooFewCards(cards, period);
  return h.detectable(
    formatPence(lift.perCardPence),
    formatPence(lift.incrementalRevenuePence),
    cards,
    period,
  );
}
