import { Checkbox, Group, Loader, Radio, Select, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { messages } from '@krowd/domain/messages/messages';
import {
  webhookEndpointCreateSchema,
  webhookEventTypes,
  webhookModes,
  type WebhookEndpointCreateInput,
  type WebhookEndpointWithSecret,
  type WebhookOwner,
} from '@krowd/domain/webhook/webhook.schema';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { FreshModal } from '@/components/ui/fresh-modal';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useCreateEndpoint } from '../api/create-endpoint.ts';
import { useOwnerOptions } from '../api/get-owner-options.ts';

const m = messages.webhook;

export interface EndpointFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The new endpoint, its secret to be shown once. */
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}

/** Add endpoint: whose it is, its URL, the events it wants, live or test. */
export function EndpointFormModal({ opened, onClose, ...props }: EndpointFormModalProps) {
  const owners = useOwnerOptions();
  return (
    <FreshModal opened={opened} onClose={onClose} title={m.addEndpoint}>
      {/* The form starts from the first owner one may choose, so it waits for the choices. */}
      {owners.data ? (
        <EndpointForm onClose={onClose} owners={owners.data} onCreated={props.onCreated} />
      ) : (
        <Loader size="sm" aria-label={messages.common.loading} />
      )}
    </FreshModal>
  );
}

type OwnerChoices = NonNullable<ReturnType<typeof useOwnerOptions>['data']>;

const ownerValue = (owner: WebhookOwner | undefined) =>
  !owner ? null : owner.type === 'brand' ? `brand:${owner.brandId}` : `publisher:${owner.publisherId}`;

function ownerOf(value: string | null): WebhookOwner | undefined {
  const [type, id] = (value ?? '').split(':');
  if (!id) return undefined;
  return type === 'publisher' ? { type, publisherId: id } : { type: 'brand', brandId: id };
}

function EndpointForm({
  onClose,
  owners,
  onCreated,
}: Pick<EndpointFormModalProps, 'onClose' | 'onCreated'> & { owners: OwnerChoices }) {
  const create = useCreateEndpoint();
  const firstBrand = owners.brands[0]?.id;
  const firstPublisher = owners.publishers[0]?.id;
  const form = useZodForm(webhookEndpointCreateSchema, {
    owner: firstBrand
      ? { type: 'brand', brandId: firstBrand }
      : firstPublisher
        ? { type: 'publisher', publisherId: firstPublisher }
        : undefined,
    url: '',
    description: '',
    events: [],
    mode: 'live',
  } as unknown as WebhookEndpointCreateInput);
  const { onSubmit, status } = useServerSubmit(form, async (values) => {
    const answer = await create.mutateAsync(values);
    notify.success(answer.respMessage);
    onCreated(answer.endpoint);
  });
  const errors = form.formState.errors;
  const ownerChoices = [
    ...owners.brands.map((brand) => ({
      value: `brand:${brand.id}`,
      label: m.ownerBrand(brand.name),
    })),
    ...owners.publishers.map((publisher) => ({
      value: `publisher:${publisher.id}`,
      label: m.ownerPublisher(publisher.name),
    })),
  ];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Controller
          control={form.control}
          name="owner"
          render={({ field }) => (
            <Select
              label={m.ownerLabel}
              required
              data={ownerChoices}
              value={
                ownerValue(field.value as WebhookOwner | undefined) ??
                (firstBrand ? `brand:${firstBrand}` : null)
              }
              onChange={(value) => field.onChange(ownerOf(value))}
              onBlur={field.onBlur}
              searchable
              error={errors.owner?.message}
            />
          )}
        />
        <TextInput
          label={m.urlLabel}
          required
          placeholder={m.urlPlaceholder}
          error={errors.url?.message}
          {...form.register('url')}
        />
        <TextInput
          label={m.descriptionLabel}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <Checkbox.Group
              label={m.eventsLabel}
              required
              value={field.value as string[]}
              onChange={field.onChange}
              error={errors.events?.message ?? errors.events?.root?.message}
            >
              <Stack gap={6} mt={6}>
                {webhookEventTypes.map((type) => (
                  <Checkbox key={type} value={type} label={`${m.events[type]} (${type})`} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <Radio.Group label={m.modeLabel} value={field.value as string} onChange={field.onChange}>
              <Group mt={6}>
                {webhookModes.map((mode) => (
                  <Radio key={mode} value={mode} label={m.modes[mode]} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <FormModalActions
          status={status}
          onCancel={onClose}
          submitLabel={messages.common.add}
          pending={create.isPending}
        />
      </Stack>
    </form>
  );
}
