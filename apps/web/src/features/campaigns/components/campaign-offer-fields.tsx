import { Group, Radio, Select } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  fixedDiscountPercent,
  lastTransactionMonths,
  needsLastTransaction,
} from '@krowd/domain/campaign/campaign.rules';
import { messages } from '@krowd/domain/messages/messages';
import { NumberField } from '@/components/ui/number-field';
import type { CampaignFormState } from './use-campaign-form.ts';

const m = messages.campaign;
const customerTypeOptions = [
  { value: 'all', label: 'All customers' },
  { value: 'new', label: 'New customers' },
  { value: 'existing', label: 'Existing customers' },
  { value: 'lapsed', label: 'Lapsed customers' },
];

/** The offer: the discount type, its fields, and the customers it is for (spec 1 §3). */
export function CampaignOfferFields({ state }: { state: CampaignFormState }) {
  const { form, values, errors, discountFixed } = state;
  const { control } = form;
  const discountType = values.discountType;
  return (
    <>
      <Controller
        control={control}
        name="discountType"
        render={({ field }) => (
          <Radio.Group label="Discount type" value={field.value} onChange={field.onChange}>
            <Group mt={6}>
              <Radio value="dp" label="Discount percent" />
              <Radio value="dv" label="Discount value (minimum spend)" />
              <Radio value="ss" label="Stretch spend" />
            </Group>
          </Radio.Group>
        )}
      />

      {discountType === 'dp' ? (
        <NumberField
          control={control}
          name="discountPercent"
          kind="percent"
          label="Discount (%)"
          disabled={discountFixed}
          description={discountFixed ? m.discountFixed(fixedDiscountPercent) : undefined}
        />
      ) : null}
      {discountType === 'dv' ? (
        <Group grow align="flex-start">
          <NumberField control={control} name="discountAmount" kind="pounds" label="Minimum spend (£)" />
          <NumberField control={control} name="discountValue" kind="pounds" label="Discount (£)" />
        </Group>
      ) : null}
      {discountType === 'ss' ? (
        <Group grow align="flex-start">
          <NumberField
            control={control}
            name="discountSpreadAmount"
            kind="percent"
            label="Spend above average (ATV %)"
          />
          <NumberField control={control} name="discountSpreadValue" kind="percent" label="Discount (%)" />
          <NumberField
            control={control}
            name="spreadAvgSpend"
            kind="pounds"
            label="Average spend (£, optional)"
          />
        </Group>
      ) : null}

      <Group grow align="flex-start">
        <Controller
          control={control}
          name="customerType"
          render={({ field }) => (
            <Select
              label="Customer type"
              data={customerTypeOptions}
              value={discountType === 'dp' ? 'all' : field.value}
              onChange={(value) => field.onChange(value ?? 'all')}
              disabled={discountType === 'dp'}
              description={
                discountType === 'dp' ? 'A percent discount is offered to all customers' : undefined
              }
              error={errors.customerType?.message}
              allowDeselect={false}
            />
          )}
        />
        {discountType !== 'dp' && needsLastTransaction(values.customerType) ? (
          <Controller
            control={control}
            name="lastTransaction"
            render={({ field }) => (
              <Select
                label="Last transaction"
                placeholder="Choose"
                data={lastTransactionMonths.map((n) => ({
                  value: String(n),
                  label: m.lastTransactionOption(n),
                }))}
                value={typeof field.value === 'number' ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? Number(value) : 'NULL')}
                error={errors.lastTransaction?.message}
              />
            )}
          />
        ) : null}
      </Group>
    </>
  );
}
