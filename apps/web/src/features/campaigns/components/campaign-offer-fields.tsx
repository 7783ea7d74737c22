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
const f = m.fields;
const customerTypeOptions = Object.entries(f.customerTypes).map(([value, label]) => ({ value, label }));

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
          <Radio.Group label={f.discountType} value={field.value} onChange={field.onChange}>
            <Group mt={6}>
              <Radio value="dp" label={f.discountTypes.dp} />
              <Radio value="dv" label={f.discountTypes.dv} />
              <Radio value="ss" label={f.discountTypes.ss} />
            </Group>
          </Radio.Group>
        )}
      />

      {discountType === 'dp' ? (
        <NumberField
          control={control}
          name="discountPercent"
          kind="percent"
          label={f.discountPercent}
          disabled={discountFixed}
          description={discountFixed ? m.discountFixed(fixedDiscountPercent) : undefined}
        />
      ) : null}
      {discountType === 'dv' ? (
        <Group grow align="flex-start">
          <NumberField control={control} name="discountAmount" kind="pounds" label={f.minimumSpend} />
          <NumberField control={control} name="discountValue" kind="pounds" label={f.discountPounds} />
        </Group>
      ) : null}
      {discountType === 'ss' ? (
        <Group grow align="flex-start">
          <NumberField
            control={control}
            name="discountSpreadAmount"
            kind="percent"
            label={f.spendAboveAverage}
          />
          <NumberField
            control={control}
            name="discountSpreadValue"
            kind="percent"
            label={f.discountPercent}
          />
          <NumberField control={control} name="spreadAvgSpend" kind="pounds" label={f.averageSpend} />
        </Group>
      ) : null}

      <Group grow align="flex-start">
        <Controller
          control={control}
          name="customerType"
          render={({ field }) => (
            <Select
              label={f.customerType}
              data={customerTypeOptions}
              value={discountType === 'dp' ? 'all' : field.value}
              onChange={(value) => field.onChange(value ?? 'all')}
              disabled={discountType === 'dp'}
              description={discountType === 'dp' ? f.percentForAll : undefined}
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
                label={f.lastTransaction}
                placeholder={f.choose}
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
