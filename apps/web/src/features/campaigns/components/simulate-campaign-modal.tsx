import { Alert, Fieldset, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { messages } from '@krowd/domain/messages/messages';
import {
  emptySimulationForm,
  simulationFormSchema,
} from '@krowd/domain/qualification/simulation-form.schema';
import type { SimulationResult } from '@krowd/domain/qualification/simulation-response.schema';
import { DateTimeField } from '@/components/ui/date-fields';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { formatMoney } from '@/lib/format';
import { useMerchants } from '../api/get-merchants.ts';
import { useSimulateCampaign } from '../api/simulate-campaign.ts';

const m = messages.simulation;

export interface SimulateCampaignModalProps {
  campaign: { _id: string; name: string; brandId: string };
  timeZone: string;
  onClose: () => void;
}

/**
 * Test a transaction (the rule simulator): a sample purchase at one of the brand's
 * branches (or by MID), with the card's history at the brand and what the campaign already
 * rewarded it for (its caps, decision 0116), measured against this campaign
 * alone by the qualification engine. Shows the outcome and the reason; nothing is stored. The form
 * is the domain's simulator form schema (the request schema the API checks, fed the typed fields).
 */
export function SimulateCampaignModal({ campaign, timeZone, onClose }: SimulateCampaignModalProps) {
  const merchants = useMerchants(campaign.brandId);
  const simulate = useSimulateCampaign(campaign._id);
  const form = useZodForm(simulationFormSchema(timeZone), emptySimulationForm);
  const { errors } = form.formState;
  const [result, setResult] = useState<SimulationResult | null>(null);
  const { status, onSubmit } = useServerSubmit(form, async (sample) => {
    setResult(await simulate.mutateAsync(sample));
  });

  /** A date-time of the sample, typed DD/MM/YYYY HH:mm in the timezone setting. */
  const dateTimeInput = (name: 'datetime' | 'lastPurchaseAt', label: string, required = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <DateTimeField
          label={label}
          error={errors[name]?.message}
          required={required}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          popoverProps={{ withinPortal: true }}
        />
      )}
    />
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    setResult(null);
    void onSubmit(event);
  };

  return (
    <Modal opened onClose={onClose} title={`${m.title} - ${campaign.name}`} centered size="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {m.hint(timeZone)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {dateTimeInput('datetime', m.fields.datetime, true)}
            <TextInput
              label={m.fields.amount}
              inputMode="decimal"
              error={errors.amountPence?.message}
              required
              {...form.register('amountPence')}
            />
            <Controller
              control={form.control}
              name="branchId"
              render={({ field }) => (
                <Select
                  label={m.fields.branch}
                  placeholder={m.fields.branchPlaceholder}
                  data={(merchants.data ?? []).map((merchant) => ({
                    value: merchant._id,
                    label: merchant.name,
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.branchId?.message}
                  clearable
                />
              )}
            />
            <TextInput label={m.fields.mid} error={errors.mid?.message} {...form.register('mid')} />
            {dateTimeInput('lastPurchaseAt', m.fields.lastPurchase)}
            <TextInput
              label={m.fields.averageSpend}
              inputMode="decimal"
              error={errors.averageSpendPence?.message}
              {...form.register('averageSpendPence')}
            />
          </SimpleGrid>
          <Fieldset legend={m.capsLegend} variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={m.fields.rewardedTransactions}
                inputMode="numeric"
                error={errors.rewardedTransactions?.message}
                {...form.register('rewardedTransactions')}
              />
              <TextInput
                label={m.fields.rewardedTransactionsInInterval}
                inputMode="numeric"
                error={errors.rewardedTransactionsInInterval?.message}
                {...form.register('rewardedTransactionsInInterval')}
              />
              <TextInput
                label={m.fields.rewardedSpendInInterval}
                inputMode="decimal"
                error={errors.rewardedSpendInIntervalPence?.message}
                {...form.register('rewardedSpendInIntervalPence')}
              />
            </SimpleGrid>
          </Fieldset>
          {result ? (
            <Alert
              color={result.outcome === 'qualified' ? 'teal' : 'orange'}
              title={result.outcome === 'qualified' ? m.qualified : m.notQualified}
              data-testid="simulation-result"
            >
              {result.outcome === 'qualified'
                ? m.qualifiedSummary({
                    cashback: formatMoney(result.cashbackPence),
                    successFee: formatMoney(result.successFeePence),
                    successFeeFree: result.successFeeFree,
                    customerType: result.customerType ?? '',
                  })
                : result.reason}
              {result.cappedReason ? (
                <Text size="sm" mt="xs">
                  {result.cappedReason}
                </Text>
              ) : null}
              {result.paidBy ? (
                <Text size="sm" mt="xs">
                  {m.paidInstead({
                    campaign: result.paidBy.campaignName,
                    cashback: formatMoney(result.paidBy.cashbackPence),
                  })}
                </Text>
              ) : null}
            </Alert>
          ) : null}
          <FormModalActions
            status={status}
            onCancel={onClose}
            cancelLabel={messages.common.close}
            submitLabel={m.test}
            pending={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}
