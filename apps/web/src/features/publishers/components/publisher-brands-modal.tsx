import { Button, Group, Loader, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import type { PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import { FormStatus } from '@/components/ui/form-status';
import { serverErrorOf } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useBrandChoices } from '../api/get-brand-choices.ts';
import { usePublisherBrands } from '../api/get-publisher-brands.ts';
import { useSavePublisherBrands } from '../api/save-publisher-brands.ts';

const m = messages.publisher;

/**
 * The brands in a publisher's offers feed (decision 0088), chosen as a bank's brands are: ticking
 * one links it, taking it out unlinks it, all saved in one call.
 */
export function PublisherBrandsModal({
  publisher,
  onClose,
}: {
  publisher: PublisherRow | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={publisher !== null}
      onClose={onClose}
      title={publisher ? m.brandsOf(publisher.displayName) : ''}
      size="lg"
      centered
    >
      {publisher ? <BrandsBody publisherId={publisher._id} onClose={onClose} /> : null}
    </Modal>
  );
}

function BrandsBody({ publisherId, onClose }: { publisherId: string; onClose: () => void }) {
  const linked = usePublisherBrands(publisherId);
  const options = useBrandChoices();
  if (!linked.data || !options.data) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={m.loadingBrands} />
      </Group>
    );
  }
  return (
    <BrandsForm
      publisherId={publisherId}
      initial={linked.data.map((brand) => brand._id)}
      options={options.data}
      onClose={onClose}
    />
  );
}

function BrandsForm(props: {
  publisherId: string;
  initial: string[];
  options: { value: string; label: string }[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState(props.initial);
  const [status, setStatus] = useState<string | null>(null);
  const save = useSavePublisherBrands(props.publisherId);

  const handleSave = async () => {
    setStatus(null);
    try {
      notify.success((await save.mutateAsync(chosen)).respMessage);
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
        label={m.fields.brands}
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
