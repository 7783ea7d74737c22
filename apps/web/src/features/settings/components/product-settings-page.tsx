import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import type { PublicSettings } from '@krowd/domain/settings/settings-response.schema';
import { settingsUpdateSchema } from '@krowd/domain/settings/settings.schema';
import { FormStatus } from '@/components/ui/form-status';
import { NumberField } from '@/components/ui/number-field';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useSettings } from '@/lib/settings';
import { useUpdateSettings } from '../api/update-settings.ts';

const m = messages.productSettings;
/** The form asks for every setting it shows: an emptied field is refused, not left out. */
const formSchema = settingsUpdateSchema.required();

/** Settings → Product settings (/user/settings/product, the system admin): the stored settings it may change. */
export function ProductSettingsPage() {
  const settings = useSettings();
  if (settings.isPending) return <Loader aria-label={messages.common.loading} />;
  if (settings.isError) return <FormStatus message={settings.error.message} />;
  return <ProductSettingsForm settings={settings.data} />;
}

function ProductSettingsForm({ settings }: { settings: PublicSettings }) {
  const updateSettings = useUpdateSettings();
  const form = useZodForm(formSchema, { midSilentDays: settings.midSilentDays });

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const answer = await updateSettings.mutateAsync(values);
    form.reset({ midSilentDays: answer.settings.midSilentDays });
    notify.success(answer.respMessage);
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{m.intro}</Text>
          <NumberField
            control={form.control}
            name="midSilentDays"
            label={m.midSilentDays}
            description={m.midSilentDaysHint}
            required
            min={1}
            max={90}
            allowDecimal={false}
            allowNegative={false}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={updateSettings.isPending}>
              {m.save}
            </Button>
          </Group>
          <FormStatus message={status} />
        </Stack>
      </form>
    </Paper>
  );
}
