import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { messages } from '@krowd/domain/messages/messages';
import { userPhoneMaxLength, type BankUserFormInput } from '@krowd/domain/user/user.schema';

const fields = messages.user.fields;

interface WithAdmin {
  admin: BankUserFormInput;
}

export interface FirstAdminFieldsProps {
  register: UseFormRegister<WithAdmin>;
  errors: FieldErrors<WithAdmin>['admin'];
  /** Who the admin will be, e.g. 'Bank Admin' or 'Group Admin'. */
  title: string;
}

/**
 * The first admin of a new bank or group: the Users form's fields (names, e-mail, phone). They get a
 * mail with a link to set their password, as anyone added on the Users screen does.
 */
export function FirstAdminFields({ register, errors, title }: FirstAdminFieldsProps) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={fields.firstName}
          required
          error={errors?.firstName?.message}
          {...register('admin.firstName')}
        />
        <TextInput
          label={fields.lastName}
          required
          error={errors?.lastName?.message}
          {...register('admin.lastName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={fields.email}
          type="email"
          required
          error={errors?.email?.message}
          {...register('admin.email')}
        />
        <TextInput
          label={fields.contactNumber}
          type="tel"
          required
          maxLength={userPhoneMaxLength}
          error={errors?.phone?.message}
          {...register('admin.phone')}
        />
      </SimpleGrid>
    </Stack>
  );
}
