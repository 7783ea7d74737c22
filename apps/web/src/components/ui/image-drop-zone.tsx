import { Box, Group, LoadingOverlay, Paper, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useDropzone } from 'react-dropzone';

export interface ImageDropZoneProps {
  /** The files of the accepted types the user dropped or picked. */
  onDrop: (files: File[]) => void;
  /** How many dropped files were not of an accepted type. */
  onReject: (count: number) => void;
  /** Content types taken (the server checks the bytes again). */
  accept: readonly string[];
  multiple: boolean;
  loading?: boolean;
  title: string;
  hint: string;
}

/**
 * The one place to drop or pick images (Manage Assets, a campaign's template images): a keyboard-
 * reachable area that opens the file dialog on Enter or Space, over react-dropzone.
 */
export function ImageDropZone({
  onDrop,
  onReject,
  accept,
  multiple,
  loading,
  title,
  hint,
}: ImageDropZoneProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: Object.fromEntries(accept.map((type) => [type, []])),
    multiple,
    disabled: loading,
    onDrop: (accepted, rejected) => {
      if (rejected.length > 0) onReject(rejected.length);
      if (accepted.length > 0) onDrop(accepted);
    },
  });
  // The file input sits beside the button, not in it (no control inside a control, WCAG 4.1.2),
  // named like it; the keyboard reaches the button only (react-dropzone takes the input out of the
  // tab order).
  return (
    <Box pos="relative">
      <input {...getInputProps({ 'aria-label': title })} />
      <Paper
        {...getRootProps({ 'aria-label': title, role: 'button' })}
        // Mantine's focus ring when reached by the keyboard.
        className="mantine-focus-auto"
        withBorder
        radius="md"
        p="lg"
        pos="relative"
        style={{
          borderStyle: 'dashed',
          cursor: loading ? 'progress' : 'pointer',
          backgroundColor: isDragActive ? 'var(--mantine-color-teal-0)' : undefined,
        }}
      >
        <LoadingOverlay visible={Boolean(loading)} />
        <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }}>
          <IconPhotoUp size={36} stroke={1.5} />
          <div>
            <Text size="lg">{title}</Text>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </div>
        </Group>
      </Paper>
    </Box>
  );
}
