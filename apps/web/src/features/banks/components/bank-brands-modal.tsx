import { Button, Group, Loader, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BankRow } from '@krowd/domain/bank/bank-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FormStatus } from '@/components/ui/form-status';
import { serverErrorOf } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useBankBrands } from '../api/get-bank-brands.ts';
import { useSaveBankBrands } from '../api/save-bank-brands.ts';
import { useBrandOptions } from '../api/get-brand-options.ts';

const m = messages.bank;

export interface BankBrandsModalProps {
  /** The bank whose brands are shown; none when closed. */
  bank: BankRow | null;
  onClose: () => void;
}

/**
 * The brands a bank publishes: ticking a brand links it, taking it out unlinks it; the
 * bank reads and reviews only these. Saved together, in one call.
 */
export function BankBrandsModal({ bank, onClose }: BankBrandsModalProps) {
  return (
    <Modal
      opened={bank !== null}
      onClose={onClose}
      title={bank ? m.brandsOf(bank.name) : ''}
      size="lg"
      centered
    >
      {bank ? <BankBrandsBody bank={bank} onClose={onClose} /> : null}
    </Modal>
  );
}

function BankBrandsBody({ bank, onClose }: { bank: BankRow; onClose: () => void }) {
  const linked = useBankBrands(bank._id);
  const options = useBrandOptions();
  if (!linked.data || !options.data) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={m.loadingBrands} />
      </Group>
    );
  }
  return (
    <BankBrandsForm
      bankId={bank._id}
      initial={linked.data.map((brand) => brand._id)}
      options={options.data}
      onClose={onClose}
    />
  );
}

function BankBrandsForm(props: {
  bankId: string;
  initial: string[];
  options: { value: string; label: string }[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState(props.initial);
  const [status, setStatus] = useState<string | null>(null);
  const save = useSaveBankBrands(props.bankId);

  const handleSave = async () => {
    setStatus(null);
    try {
      const answer = await save.mutateAsync(chosen);
      notify.success(answer.respMessage);
      props.onClose();
    } catch (error) {
      setStatus(serverErrorOf(error));
    }
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {m.brandsHint}
      </Text>
      <MultiSelect
        label={m.brands}
        placeholder={m.chooseBrands}
        data={props.options}
        value={chosen}
        onChange={setChosen}
        searchable
        clearable
        nothingFoundMessage={m.noBrandMatches}
      />
      <FormStatus message={status} />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {messages.common.cancel}
        </Button>
        <Button onClick={handleSave} loading={save.isPending}>
          {messages.common.save}
        </Button>
      </Group>
    </Stack>
  );
}
