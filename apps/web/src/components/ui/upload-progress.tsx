import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import type { ProgressCallbacks, ServerProgress } from '@/lib/upload-request';

const m = messages.upload;

/** Where an upload is: sending its bytes, then the server working on it (rows, when it says). */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; sent: number; total: number }
  | { phase: 'processing'; rows: ServerProgress | null };

/** What an upload call takes to report its progress and be cancelled (apiRequest's options). */
export interface UploadTracking {
  signal: AbortSignal;
  progress: ProgressCallbacks;
}

/**
 * An upload's progress and its Cancel, for the one API client: `track()` gives the call its signal
 * and callbacks; `cancel()` aborts it (the connection closes, the server stores nothing).
 */
export function useUploadProgress() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const track = (): UploadTracking => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ phase: 'sending', sent: 0, total: 0 });
    return {
      signal: current.signal,
      progress: {
        onUploadProgress: ({ sent, total }) =>
          setState(sent < total ? { phase: 'sending', sent, total } : { phase: 'processing', rows: null }),
        onServerProgress: (rows) => setState({ phase: 'processing', rows }),
      },
    };
  };
  return {
    state,
    track,
    cancel: () => controller.current?.abort(),
    done: () => {
      controller.current = null;
      setState({ phase: 'idle' });
    },
  };
}

export type UploadProgressHandle = ReturnType<typeof useUploadProgress>;

/** True for the error a cancelled upload rejects with. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The bar under an upload's form while it runs: the bytes sent, then the server's rows read and
 * qualified (or a moving bar while it works), and Cancel.
 */
export function UploadProgressBar({ upload }: { upload: UploadProgressHandle }) {
  const { state } = upload;
  if (state.phase === 'idle') return null;
  const percent =
    state.phase === 'sending' && state.total > 0 ? Math.round((state.sent / state.total) * 100) : 0;
  const text =
    state.phase === 'sending'
      ? m.sending(m.bytes(state.sent), m.bytes(state.total), percent)
      : state.rows
        ? m.rows(state.rows.rowsRead, state.rows.rowsQualified)
        : m.processing;
  return (
    <Stack gap={6} data-testid="upload-progress">
      <Progress
        value={state.phase === 'sending' ? percent : 100}
        animated={state.phase === 'processing'}
        striped={state.phase === 'processing'}
        aria-label={m.progressLabel}
        aria-valuetext={text}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <Button variant="default" size="xs" onClick={upload.cancel}>
          {m.cancel}
        </Button>
      </Group>
    </Stack>
  );
}
