import {
  ActionIcon,
  AspectRatio,
  Button,
  Card,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Asset } from '@krowd/domain/asset/asset-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { GridPager, QueryFallback } from '@/components/ui/query-fallback';
import { serverErrorOf } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useCreatives, type LibraryOwner } from '../api/get-creatives.ts';
import { useDeleteCreative } from '../api/delete-creative.ts';

const m = messages.asset;

/** Media Library (spec 2 §2.7): the uploaded images, 10 a page, each with a view and a delete overlay. */
export function MediaLibrary({ owner }: { owner: LibraryOwner }) {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<Asset | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const library = useCreatives(owner, page);
  const remove = useDeleteCreative();
  const images = library.data?.data ?? [];
  const totalPages = library.data?.pagination.totalPages ?? 0;

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync(deleting._id);
      notify.success(answer.respMessage);
      // The last image of a page gone: show the page before it.
      if (images.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      notify.error(serverErrorOf(error));
    } finally {
      setDeleting(null);
    }
  };

  if (!library.isSuccess) return <QueryFallback query={library} minHeight={160} />;

  return (
    <Stack>
      {images.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {m.libraryEmpty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} data-testid="media-library">
          {images.map((image) => (
            <Card key={image._id} withBorder padding={0} data-testid="library-image">
              <AspectRatio ratio={5 / 3}>
                <Image src={image.url} alt={image.fileName} fit="cover" bg="gray.1" />
              </AspectRatio>
              <Group justify="space-between" p={6} wrap="nowrap">
                <Text size="xs" c="dimmed" truncate>
                  {`${image.width} × ${image.height}`}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${m.view} ${image.fileName}`}
                    onClick={() => setViewing(image)}
                  >
                    <IconEye size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${m.delete} ${image.fileName}`}
                    onClick={() => setDeleting(image)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <GridPager totalPages={totalPages} page={page} onChange={setPage} />
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={m.viewTitle}
        size="xl"
        centered
      >
        {viewing ? <Image src={viewing.url} alt={viewing.fileName} fit="contain" mah="70vh" /> : null}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={m.deleteConfirmTitle}
        centered
      >
        <Stack>
          <Text>{m.deleteConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {m.cancel}
            </Button>
            <Button color="red" onClick={() => void handleDelete()} loading={remove.isPending}>
              {m.delete}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
