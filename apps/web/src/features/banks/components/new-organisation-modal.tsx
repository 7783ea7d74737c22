import { Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type {
  DefaultValues,
  FieldErrors,
  FieldValues,
  UseFormRegister,
  UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import type { BankUserFormInput } from '@krowd/domain/user/user.schema';
import { FormModalActions } from '@/components/ui/form-modal-actions';
import { FreshModal } from '@/components/ui/fresh-modal';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { FirstAdminFields, type FirstAdminFieldsProps } from './first-admin-fields.tsx';

interface OrganisationValues {
  name: string;
  admin: BankUserFormInput;
}

/** Where the Add Bank and Add Group modals are opened from: whether they show, and their closing. */
export interface OrganisationModalProps {
  opened: boolean;
  onClose: () => void;
}

export interface NewOrganisationModalProps<
  Values extends OrganisationValues,
  Output extends FieldValues,
> extends OrganisationModalProps {
  /** What is added: the modal's title, the name's label and the first admin's heading. */
  texts: { add: string; name: string; admin: string };
  schema: z.ZodType<Output, Values>;
  empty: DefaultValues<Values>;
  /** The create call; its answer's message is the notice. */
  create: { mutateAsync: (values: Output) => Promise<{ respMessage: string }>; isPending: boolean };
  /** Fields of its own between the name and the first admin. */
  fields?: (form: UseFormReturn<Values, unknown, Output>) => ReactNode;
}

/** Add Bank and Add Group: the name and the first admin, mounted afresh for each opening. */
export function NewOrganisationModal<Values extends OrganisationValues, Output extends FieldValues>({
  opened,
  onClose,
  ...body
}: NewOrganisationModalProps<Values, Output>) {
  return (
    <FreshModal opened={opened} onClose={onClose} title={body.texts.add}>
      <NewOrganisationForm onClose={onClose} {...body} />
    </FreshModal>
  );
}

function NewOrganisationForm<Values extends OrganisationValues, Output extends FieldValues>({
  onClose,
  texts,
  schema,
  empty,
  create,
  fields,
}: Omit<NewOrganisationModalProps<Values, Output>, 'opened'>) {
  const form: UseFormReturn<Values, unknown, Output> = useZodForm(schema, empty);
  // The values' type is generic here; the name and the admin are known to be in it.
  const register = form.register as unknown as UseFormRegister<OrganisationValues>;
  const errors = form.formState.errors as FieldErrors<OrganisationValues>;
  const { onSubmit, status } = useServerSubmit(form, async (values) => {
    const answer = await create.mutateAsync(values);
    notify.success(answer.respMessage);
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label={texts.name} required error={errors.name?.message} {...register('name')} />
        {fields?.(form)}
        <FirstAdminFields
          title={texts.admin}
          register={register as unknown as FirstAdminFieldsProps['register']}
          errors={errors.admin}
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
