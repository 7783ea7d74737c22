import { Fieldset, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { capIntervals } from '@krowd/domain/campaign/campaign-caps.rules';
import { messages } from '@krowd/domain/messages/messages';
import { NumberField } from '@/components/ui/number-field';
import type { CampaignFormState } from './use-campaign-form.ts';

const c = messages.campaign.caps;
const intervalOptions = capIntervals.map((value) => ({ value, label: c.intervals[value] }));

/**
 * The campaign's caps (docs/decisions/0116), each optional: the most cashback a
 * transaction earns, the most rewarded transactions of a card for the campaign and in an interval,
 * the most rewarded spend of a card in the interval.
 */
export function CampaignCapsFields({ state }: { state: CampaignFormState }) {
  const { form, errors } = state;
  const { control } = form;
  return (
    <Fieldset legend={c.title} variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {c.hint} {c.spendRule}
        </Text>
        {/* Two fields a row, one on a phone: the labels are long (docs/decisions/0083). */}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberField
            control={control}
            name="maxCashbackPerTransaction"
            kind="pounds"
            label={c.maxCashbackPerTransaction}
          />
          <NumberField
            control={control}
            name="maxTransactionsPerCard"
            allowDecimal={false}
            label={c.maxTransactionsPerCard}
          />

          <NumberField
            control={control}
            name="maxTransactionsPerCardPerInterval"
            allowDecimal={false}
            label={c.maxTransactionsPerCardPerInterval}
          />
          <NumberField
            control={control}
            name="maxSpendPerCardPerInterval"
            kind="pounds"
            label={c.maxSpendPerCardPerInterval}
          />
          <Controller
            control={control}
            name="capInterval"
            render={({ field }) => (
              <Select
                label={c.capInterval}
                data={intervalOptions}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                clearable
                error={errors.capInterval?.message}
              />
            )}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
