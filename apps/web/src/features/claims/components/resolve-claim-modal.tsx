import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { claimResolutions, claimResolveSchema, type Claim } from '@krowd/domain/claim/claim.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { FreshModal } from '@/components/ui/fresh-modal';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useResolveClaim } from '../api/resolve-claim.ts';

const m = messages.claim;

/** The system admin's ruling on a claim: a resolution code, the reason (required when not eligible). */
export function ResolveClaimModal({ claim, onClose }: { claim: Claim | null; onClose: () => void }) {
  return (
    <FreshModal opened={claim !== null} onClose={onClose} title={m.resolveTitle}>
      {claim ? <ResolveForm claim={claim} onClose={onClose} /> : null}
    </FreshModal>
  );
}

function ResolveForm({ claim, onClose }: { claim: Claim; onClose: () => void }) {
  const resolve = useResolveClaim();
  const form = useZodForm(claimResolveSchema, {} as never);
  const { onSubmit, status } = useServerSubmit(form, async (ruling) => {
    const answer = await resolve.mutateAsync({ id: claim.id, ruling });
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
          name="resolution"
          render={({ field }) => (
            <Select
              label={m.resolutionLabel}
              required
              data={claimResolutions.map((code) => ({ value: code, label: m.resolutions[code] }))}
              value={(field.value as string | undefined) ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              onBlur={field.onBlur}
              error={errors.resolution?.message}
            />
          )}
        />
        <Textarea
          label={m.reasonLabel}
          error={errors.reason?.message}
          {...form.register('reason', { setValueAs: optional })}
        />
        <TextInput
          label={m.transactionIdLabel}
          error={errors.transactionId?.message}
          {...form.register('transactionId', { setValueAs: optional })}
        />
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel={m.resolve}
          pending={resolve.isPending}
        />
      </Stack>
    </form>
  );
}
