import { bankCreateSchema, type BankCreateInput } from '@krowd/domain/bank/bank.schema';
import { useCreateBank } from '../api/create-bank.ts';
import { NewOrganisationModal } from './new-organisation-modal.tsx';

export interface BankFormModalProps {
  opened: boolean;
  onClose: () => void;
}

const emptyBank: BankCreateInput = {
  name: '',
  admin: { firstName: '', lastName: '', email: '', phone: '' },
};

/** Add Bank: the bank's name and its first Bank Admin. */
export function BankFormModal({ opened, onClose }: BankFormModalProps) {
  const createBank = useCreateBank();
  return (
    <NewOrganisationModal
      opened={opened}
      onClose={onClose}
      noun="Bank"
      schema={bankCreateSchema}
      empty={emptyBank}
      create={createBank}
    />
  );
}
