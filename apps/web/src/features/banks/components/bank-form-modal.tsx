import { bankCreateSchema, type BankCreateInput } from '@krowd/domain/bank/bank.schema';
import { messages } from '@krowd/domain/messages/messages';
import { useCreateBank } from '../api/create-bank.ts';
import { NewOrganisationModal, type OrganisationModalProps } from './new-organisation-modal.tsx';

const emptyBank: BankCreateInput = {
  name: '',
  admin: { firstName: '', lastName: '', email: '', phone: '' },
};

/** Add Bank: the bank's name and its first Bank Admin. */
export function BankFormModal(props: OrganisationModalProps) {
  const create = useCreateBank();
  return (
    <NewOrganisationModal
      {...props}
      texts={{ add: messages.bank.add, name: messages.bank.fields.name, admin: messages.bank.admin }}
      schema={bankCreateSchema}
      empty={emptyBank}
      create={create}
    />
  );
}
