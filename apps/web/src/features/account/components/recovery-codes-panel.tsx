import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

const m = messages.multiFactor;

/**
 * The recovery codes, shown once after set-up or renewal, with Copy and Download; `onDone` when
 * the user says they are saved.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = m.recoveryFileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Text fw={600}>{m.recoveryTitle}</Text>
      <Text size="sm">{m.recoveryIntro}</Text>
      <SimpleGrid cols={2} spacing="xs" aria-label={m.recoveryTitle} role="list">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="md" ta="center" py={4}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? m.copied : m.copyCodes}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          {m.downloadCodes}
        </Button>
      </Group>
      <Button onClick={onDone}>{m.recoveryDone}</Button>
    </Stack>
  );
}
