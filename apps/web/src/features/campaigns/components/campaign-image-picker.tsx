import {
  Alert,
  AspectRatio,
  Button,
  Group,
  Image,
  Input,
  Modal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { imageAccept, imageFileMessage } from '@krowd/domain/asset/image-file';
import { messages } from '@krowd/domain/messages/messages';
import { ImageDropZone } from '@/components/ui/image-drop-zone';
import { ImageCropDialog } from '@/components/ui/image-crop-dialog';
import { GridPager, QueryFallback } from '@/components/ui/query-fallback';
import { serverErrorOf } from '@/components/ui/zod-form';
import { checkImageBlob } from '@/lib/image-files';
import { uploadCampaignImage } from '../api/upload-campaign-image.ts';
import { useBrandCreatives } from '../api/get-brand-creatives.ts';

const m = messages.asset;

type PickerTab = 'new' | 'library';

export interface CampaignImagePickerProps {
  label: string;
  /** The campaign's brand: uploads belong to it and its Media Library is offered. */
  brandId: string | undefined;
  /** The chosen image's address, or '' when none. */
  value: string;
  onChange: (url: string) => void;
}

/**
 * An image field of the campaign template (spec 1 §2): Add New (pick, crop to 5:3 as 1000 × 600,
 * upload) or Media Library (one of the brand's images). The field holds the image's address.
 */
export function CampaignImagePicker({ label, brandId, value, onChange }: CampaignImagePickerProps) {
  const [opened, setOpened] = useState(false);

  const handleChosen = (url: string) => {
    onChange(url);
    setOpened(false);
  };

  return (
    <Input.Wrapper label={label}>
      <Group align="center" gap="sm" mt={4}>
        {value ? (
          <AspectRatio ratio={5 / 3} w={120}>
            <Image src={value} alt={label} radius="sm" fit="cover" />
          </AspectRatio>
        ) : null}
        <Button variant="light" size="xs" onClick={() => setOpened(true)}>
          {value ? m.pickerChange : m.pickerChoose}
        </Button>
        {value ? (
          <Button variant="subtle" color="gray" size="xs" onClick={() => onChange('')}>
            {m.pickerClear}
          </Button>
        ) : null}
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={label} size="xl" centered>
        {opened ? <PickerTabs brandId={brandId} onChosen={handleChosen} /> : null}
      </Modal>
    </Input.Wrapper>
  );
}

function PickerTabs({ brandId, onChosen }: { brandId: string | undefined; onChosen: (url: string) => void }) {
  const [tab, setTab] = useState<PickerTab>('new');
  return (
    <Tabs value={tab} onChange={(next) => setTab((next as PickerTab | null) ?? 'new')}>
      <Tabs.List>
        <Tabs.Tab value="new">{m.pickerAddNew}</Tabs.Tab>
        <Tabs.Tab value="library">{m.pickerLibrary}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="new" pt="md">
        <AddNew brandId={brandId} onChosen={onChosen} />
      </Tabs.Panel>
      <Tabs.Panel value="library" pt="md">
        <LibraryChoice brandId={brandId} enabled={tab === 'library'} onChosen={onChosen} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** Pick an image, crop it to 5:3 (1000 × 600), upload it for the campaign's brand. */
function AddNew({ brandId, onChosen }: { brandId: string | undefined; onChosen: (url: string) => void }) {
  const [picked, setPicked] = useState<{ url: string; type: string; name: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const handleDrop = async (files: File[]) => {
    setProblem(null);
    const file = files[0];
    if (!file) return setProblem(m.filesInvalid(1));
    const check = await checkImageBlob(file);
    if (!check.ok) {
      return setProblem(
        check.problem === 'tooLarge' || check.problem === 'tooManyPixels'
          ? imageFileMessage(check.problem)
          : m.filesInvalid(1),
      );
    }
    setPicked({ url: URL.createObjectURL(file), type: check.image.contentType, name: file.name });
  };

  const handleCropped = async (blob: Blob) => {
    const name = picked?.name ?? 'image';
    setPicked(null);
    setUploading(true);
    try {
      const answer = await uploadCampaignImage(brandId, { blob, name });
      onChosen(answer.data.url);
    } catch (error) {
      setProblem(serverErrorOf(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack>
      <ImageDropZone
        onDrop={(files) => void handleDrop(files)}
        onReject={() => setProblem(m.filesInvalid(1))}
        accept={imageAccept}
        multiple={false}
        loading={uploading}
        title={m.dropzoneTitle}
        hint={m.dropzoneHint}
      />
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <ImageCropDialog
        src={picked?.url ?? null}
        sourceType={picked?.type ?? 'image/png'}
        onCancel={() => setPicked(null)}
        onDone={(blob) => void handleCropped(blob)}
      />
    </Stack>
  );
}

/** One of the brand's Media Library images, 10 a page. */
function LibraryChoice({
  brandId,
  enabled,
  onChosen,
}: {
  brandId: string | undefined;
  enabled: boolean;
  onChosen: (url: string) => void;
}) {
  const [page, setPage] = useState(1);
  const library = useBrandCreatives(brandId, page, enabled);
  if (!library.isSuccess) return <QueryFallback query={library} minHeight={120} />;
  const images = library.data.data;
  const totalPages = library.data.pagination.totalPages;
  return (
    <Stack>
      {images.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {m.libraryEmpty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
          {images.map((image) => (
            <UnstyledButton
              key={image._id}
              onClick={() => onChosen(image.url)}
              aria-label={`${m.pickerSelect} ${image.fileName}`}
            >
              <AspectRatio ratio={5 / 3}>
                <Image src={image.url} alt={image.fileName} radius="sm" fit="cover" bg="gray.1" />
              </AspectRatio>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      <GridPager totalPages={totalPages} page={page} onChange={setPage} />
    </Stack>
  );
}
