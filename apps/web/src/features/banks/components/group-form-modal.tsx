import { MultiSelect } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { groupCreateSchema, type GroupCreateInput } from '@krowd/domain/group/group.schema';
import { messages } from '@krowd/domain/messages/messages';
import { useBrandOptions } from '../api/get-brand-options.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { NewOrganisationModal, type OrganisationModalProps } from './new-organisation-modal.tsx';

const emptyGroup: GroupCreateInput = {
  name: '',
  brandIds: [],
  admin: { firstName: '', lastName: '', email: '', phone: '' },
};

/** Add Group: its name, the brands that move into it and its first Group Admin. */
export function GroupFormModal(props: OrganisationModalProps) {
  const options = useBrandOptions();
  const create = useCreateGroup();
  return (
    <NewOrganisationModal
      {...props}
      texts={{ add: messages.group.add, name: messages.group.name, admin: messages.group.admin }}
      schema={groupCreateSchema}
      empty={emptyGroup}
      create={create}
      fields={(form) => (
        <Controller
          control={form.control}
          name="brandIds"
          render={({ field }) => (
            <MultiSelect
              label={messages.bank.brands}
              required
              placeholder={messages.bank.chooseBrands}
              description={messages.group.brandsHint}
              data={options.data ?? []}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              nothingFoundMessage={messages.bank.noBrandMatches}
              error={form.formState.errors.brandIds?.message}
            />
          )}
        />
      )}
    />
  );
}
