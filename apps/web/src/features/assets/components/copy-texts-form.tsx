import { Button, Group, Stack, Textarea } from '@mantine/core';
import type { BrandCopyDetails } from '@krowd/domain/asset/asset-response.schema';
import { copyLength, copyTextFormSchema } from '@krowd/domain/asset/asset.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FormStatus } from '@/components/ui/form-status';
import { CentredLoader } from '@/components/ui/query-fallback';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useCopyTexts } from '../api/get-copy-texts.ts';
import { useSaveCopyTexts } from '../api/save-copy-texts.ts';

const m = messages.asset;

/** Copy (spec 2 §2.7): the brand's copy (at most 200 characters) and additional copy (at most 100). */
export function CopyTextsForm({ brandId }: { brandId: string }) {
  const saved = useCopyTexts(brandId);
  if (saved.isPending) return <CentredLoader minHeight={160} />;
  return <CopyTextsFields brandId={brandId} saved={saved.data?.brandDetails} />;
}

function CopyTextsFields({ brandId, saved }: { brandId: string; saved: BrandCopyDetails | undefined }) {
  const save = useSaveCopyTexts();
  const form = useZodForm(copyTextFormSchema, {
    copy: saved?.copy ?? '',
    additionalCopy: saved?.additionalCopy ?? '',
  });
  const { status, onSubmit } = useServerSubmit(form, async (values) => {
    const answer = await save.mutateAsync({ ...values, brandId });
    notify.success(answer.respMessage);
  });
  const counter = (value: string | undefined, max: number) => `${(value ?? '').length} / ${max}`;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack maw={640}>
        <Textarea
          label={m.copyLabel}
          rows={4}
          description={counter(form.watch('copy'), copyLength.copy)}
          error={form.formState.errors.copy?.message}
          {...form.register('copy')}
        />
        <Textarea
          label={m.additionalCopyLabel}
          rows={2}
          description={counter(form.watch('additionalCopy'), copyLength.additionalCopy)}
          error={form.formState.errors.additionalCopy?.message}
          {...form.register('additionalCopy')}
        />
        <FormStatus message={status} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {m.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
