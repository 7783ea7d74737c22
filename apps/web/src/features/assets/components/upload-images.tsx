import { Alert, AspectRatio, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCrop, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { cropOutput, imageAccept, imageFileMessage, isFiveByThree } from '@krowd/domain/asset/image-file';
import { messages } from '@krowd/domain/messages/messages';
import { ImageDropZone } from '@/components/ui/image-drop-zone';
import { isCancelled, UploadProgressBar, useUploadProgress } from '@/components/ui/upload-progress';
import { ImageCropDialog } from '@/components/ui/image-crop-dialog';
import { checkImageBlob } from '@/lib/image-files';
import { notify } from '@/lib/notify';
import { creativesKey } from '../api/keys.ts';
import { uploadCreative } from '../api/upload-creative.ts';
import { type LibraryOwner } from '../api/get-creatives.ts';

const m = messages.asset;

/** The crop dialog opens this long after an image of another ratio is chosen (spec 2 §4, §9). */
export const cropDialogDelayMs = 1000;

interface PendingImage {
  key: string;
  blob: Blob;
  name: string;
  url: string;
  width: number;
  height: number;
  /** Why it cannot be saved (too large, too many pixels), or why its upload failed. */
  problem: string | null;
  /** A problem that keeps Save disabled until the image is removed. */
  blocking: boolean;
}

let nextKey = 0;

function pendingOf(
  blob: Blob,
  name: string,
  size: { width: number; height: number } | null,
  problem: string | null = null,
): PendingImage {
  nextKey += 1;
  return {
    key: `image-${nextKey}`,
    blob,
    name,
    url: URL.createObjectURL(blob),
    width: size?.width ?? 0,
    height: size?.height ?? 0,
    problem,
    blocking: problem !== null,
  };
}

const withExtension = (name: string, type: string) =>
  `${name.replace(/\.[^.]*$/, '')}.${type === 'image/jpeg' ? 'jpg' : 'png'}`;

export interface UploadImagesProps {
  owner: LibraryOwner;
  /** After every image was saved: the page shows the library. */
  onSaved: () => void;
}

/**
 * Upload Images (spec 2 §2.7): drop or pick png, gif or jpeg images, each checked by its bytes
 * and size here (and again by the server); preview, crop to 5:3, remove; Save uploads them one
 * by one, then the library refreshes.
 */
export function UploadImages({ owner, onSaved }: UploadImagesProps) {
  const queryClient = useQueryClient();
  const [images, setImages] = useState<PendingImage[]>([]);
  const [invalidCount, setInvalidCount] = useState(0);
  const [cropping, setCropping] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const progress = useUploadProgress();
  const cropTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const urls = useRef(new Set<string>());

  // Object URLs and a pending crop timer end with the screen.
  useEffect(() => {
    const made = urls.current;
    return () => {
      clearTimeout(cropTimer.current);
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, []);

  const track = (image: PendingImage) => {
    urls.current.add(image.url);
    return image;
  };
  const release = (image: PendingImage) => {
    URL.revokeObjectURL(image.url);
    urls.current.delete(image.url);
  };

  const handleDrop = async (files: File[], rejected = 0) => {
    const checked = await Promise.all(
      files.map(async (file) => ({ file, check: await checkImageBlob(file) })),
    );
    let invalid = rejected;
    const added: PendingImage[] = [];
    for (const { file, check } of checked) {
      if (check.ok) added.push(track(pendingOf(file, file.name, check.image)));
      else if (check.problem === 'tooLarge' || check.problem === 'tooManyPixels')
        added.push(track(pendingOf(file, file.name, null, imageFileMessage(check.problem))));
      else invalid += 1;
    }
    setInvalidCount(invalid);
    setImages((current) => [...current, ...added]);
    const toCrop = added.find((image) => !image.problem && !isFiveByThree(image.width, image.height));
    if (toCrop) {
      clearTimeout(cropTimer.current);
      cropTimer.current = setTimeout(() => setCropping(toCrop.key), cropDialogDelayMs);
    }
  };

  const handleRemove = (key: string) =>
    setImages((current) =>
      current.filter((image) => {
        if (image.key === key) release(image);
        return image.key !== key;
      }),
    );

  const croppingImage = images.find((image) => image.key === cropping) ?? null;

  const handleCropped = (blob: Blob) => {
    if (!croppingImage) return;
    const replaced = track(pendingOf(blob, withExtension(croppingImage.name, blob.type), cropOutput));
    release(croppingImage);
    setImages((current) => current.map((image) => (image.key === croppingImage.key ? replaced : image)));
    setCropping(null);
  };

  const blocked = images.some((image) => image.blocking);

  const handleSave = async () => {
    setSaving(true);
    let saved = 0;
    const failed: PendingImage[] = [];
    for (const [index, image] of images.entries()) {
      try {
        await uploadCreative(owner, { blob: image.blob, name: image.name }, progress.track());
        release(image);
        saved += 1;
      } catch (error) {
        // Cancel stops this image and keeps it and the ones after it to send again.
        if (isCancelled(error)) {
          failed.push(...images.slice(index));
          notify.info(messages.upload.cancelled);
          break;
        }
        failed.push({ ...image, problem: error instanceof Error ? error.message : String(error) });
      }
    }
    progress.done();
    setImages(failed);
    setSaving(false);
    await queryClient.invalidateQueries({ queryKey: creativesKey });
    if (saved > 0) notify.success(m.uploaded(saved));
    for (const image of failed) notify.error(`${m.uploadFailed(image.name)}: ${image.problem}`);
    if (failed.length === 0 && saved > 0) onSaved();
  };

  return (
    <Stack>
      <ImageDropZone
        onDrop={(files) => void handleDrop(files)}
        onReject={(count) => void handleDrop([], count)}
        accept={imageAccept}
        multiple
        title={m.dropzoneTitle}
        hint={m.dropzoneHint}
      />
      {invalidCount > 0 ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setInvalidCount(0)}>
          {m.filesInvalid(invalidCount)}
        </Alert>
      ) : null}
      {images.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {images.map((image) => (
            <Card key={image.key} withBorder padding="xs" data-testid="pending-image">
              <Card.Section>
                <AspectRatio ratio={5 / 3}>
                  <Image src={image.url} alt={image.name} fit="contain" bg="gray.1" />
                </AspectRatio>
              </Card.Section>
              <Text size="sm" truncate mt="xs">
                {image.name}
              </Text>
              <Text size="xs" c={image.problem ? 'red.7' : 'dimmed'}>
                {image.problem ?? `${image.width} × ${image.height}`}
              </Text>
              <Group gap="xs" mt="xs">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCrop size={14} />}
                  onClick={() => setCropping(image.key)}
                  disabled={image.width === 0}
                  aria-label={`${m.crop} ${image.name}`}
                >
                  {m.crop}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => handleRemove(image.key)}
                  aria-label={`${m.remove} ${image.name}`}
                >
                  {m.remove}
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      <UploadProgressBar upload={progress} />
      <Group justify="flex-end">
        <Button onClick={() => void handleSave()} loading={saving} disabled={images.length === 0 || blocked}>
          {m.save}
        </Button>
      </Group>
      <ImageCropDialog
        src={croppingImage?.url ?? null}
        sourceType={croppingImage?.blob.type ?? 'image/png'}
        onCancel={() => setCropping(null)}
        onDone={handleCropped}
      />
    </Stack>
  );
}
