import { NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { brandClaimCreateSchema, type BrandClaimCreateInput } from '@krowd/domain/claim/claim.schema';
import { messages } from '@krowd/domain/messages/messages';
import { poundsToPence } from '@krowd/domain/money/money.rules';
import { instantOfWallTime } from '@krowd/domain/qualification/simulation.schema';
import { DateTimeField } from '@/components/ui/date-fields';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { FreshModal } from '@/components/ui/fresh-modal';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useSettings } from '@/lib/settings';
import { useFileClaim } from '../api/file-claim.ts';

const m = messages.claim;

export interface ClaimFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The brands the user may file for (their scope's). */
  brands: { value: string; label: string }[];
}

/** File a claim: the brand, the card (token or last four), merchant ID, amount and time. */
export function ClaimFormModal({ opened, onClose, brands }: ClaimFormModalProps) {
  return (
    <FreshModal opened={opened} onClose={onClose} title={m.fileClaim}>
      <ClaimForm onClose={onClose} brands={brands} />
    </FreshModal>
  );
}

function ClaimForm({ onClose, brands }: Omit<ClaimFormModalProps, 'opened'>) {
  const file = useFileClaim();
  // The purchase's time is a wall time in the timezone setting, as every date-time field (decision 0073).
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const [wallTime, setWallTime] = useState('');
  const form = useZodForm(brandClaimCreateSchema, {
    brandId: brands[0]?.value ?? '',
    mid: '',
  } as unknown as BrandClaimCreateInput);
  const { onSubmit, status } = useServerSubmit(form, async (values) => {
    const answer = await file.mutateAsync(values);
    notify.success(answer.respMessage);
    onClose();
  });
  const errors = form.formState.errors;
  const optional = (value: string) => (value.trim() === '' ? undefined : value);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Controller
          control={form.control}
          name="brandId"
          render={({ field }) => (
            <Select
              label={m.brandLabel}
              required
              data={brands}
              value={(field.value as string) || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={errors.brandId?.message}
            />
          )}
        />
        <TextInput
          label={m.cardLast4Label}
          inputMode="numeric"
          maxLength={4}
          error={errors.cardLast4?.message}
          {...form.register('cardLast4', { setValueAs: optional })}
        />
        <TextInput
          label={m.cardTokenLabel}
          error={errors.cardToken?.message}
          {...form.register('cardToken', { setValueAs: optional })}
        />
        <TextInput label={m.midLabel} required error={errors.mid?.message} {...form.register('mid')} />
        <Controller
          control={form.control}
          name="amountPence"
          render={({ field }) => (
            <NumberInput
              label={m.amountLabel}
              required
              min={0}
              decimalScale={2}
              onChange={(value) =>
                field.onChange(typeof value === 'number' ? poundsToPence(value) : undefined)
              }
              onBlur={field.onBlur}
              error={errors.amountPence?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="occurredAt"
          render={({ field }) => (
            <DateTimeField
              label={m.occurredAtLabel}
              description={m.occurredAtZone(timezone)}
              required
              value={wallTime}
              onChange={(local) => {
                setWallTime(local);
                // Left as typed when it is no time, so the schema names the problem.
                field.onChange(instantOfWallTime(local, timezone) ?? local);
              }}
              onBlur={field.onBlur}
              error={errors.occurredAt?.message}
            />
          )}
        />
        <TextInput
          label={m.referenceLabel}
          error={errors.reference?.message}
          {...form.register('reference', { setValueAs: optional })}
        />
        <Textarea
          label={m.noteLabel}
          error={errors.note?.message}
          {...form.register('note', { setValueAs: optional })}
        />
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel={m.fileClaim}
          pending={file.isPending}
        />
      </Stack>
    </form>
  );
}
