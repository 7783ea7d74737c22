import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { checkImageFile, imageAccept, imageFileMessage } from '@krowd/domain/asset/image-file';
import { messages } from '@krowd/domain/messages/messages';
import { serverErrorOf } from '@/components/ui/zod-form';
import { notify } from '@/lib/notify';
import { useUploadProfilePhoto } from '../api/upload-profile-photo.ts';

export interface ProfilePhotoProps {
  userId: string;
  displayName: string;
  photo: string | null;
}

/**
 * The profile's avatar (spec 2 §2.8): a png, gif or jpeg under 2 MB, checked here by its bytes
 * (as the server checks it again) before it is sent.
 */
export function ProfilePhoto({ userId, displayName, photo }: ProfilePhotoProps) {
  const upload = useUploadProfilePhoto(userId);

  const handlePick = async (file: File | null) => {
    if (!file) return;
    const checked = checkImageFile(new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) {
      notify.error(imageFileMessage(checked.problem));
      return;
    }
    try {
      const response = await upload.mutateAsync(file);
      notify.success(response.respMessage);
    } catch (error) {
      notify.error(serverErrorOf(error));
    }
  };

  return (
    <Group gap="lg">
      <Avatar src={photo} alt={displayName} name={displayName} color="initials" size={88} radius={88} />
      <Stack gap={4}>
        <FileButton onChange={handlePick} accept={imageAccept.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconCamera size={16} aria-hidden />}
              loading={upload.isPending}
            >
              {photo ? messages.profile.changePhoto : messages.profile.uploadPhoto}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {messages.profile.photoHint}
        </Text>
      </Stack>
    </Group>
  );
}
