import { Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { audienceOfUser, brandOptionsOf } from '@/lib/access';
import { useSessionUser } from '@/lib/session';
import { CopyTextsForm } from './copy-texts-form.tsx';
import { MediaLibrary } from './media-library.tsx';
import { UploadImages } from './upload-images.tsx';

const m = messages.asset;

type CreativesTab = 'upload' | 'library';

/** Manage Assets (/user/managecreative, spec 2 §2.7): Manage Creatives (Upload Images, Media Library) and Copy. */
export function ManageAssetsPage() {
  const user = useSessionUser();
  return user ? <ManageAssets user={user} /> : null;
}

function ManageAssets({ user }: { user: SessionUser }) {
  const isBank = audienceOfUser(user) === 'bank';
  const brandOptions = brandOptionsOf(user);
  const [chosenBrand, setChosenBrand] = useState<string | undefined>(
    isBank ? undefined : (brandOptions[0]?.value ?? user.brandId ?? undefined),
  );
  const [creativesTab, setCreativesTab] = useState<CreativesTab>('upload');
  const owner = { brandId: chosenBrand };

  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {m.intro}
      </Text>
      {brandOptions.length > 1 ? (
        <Select
          label={m.brandLabel}
          data={brandOptions}
          value={chosenBrand ?? null}
          onChange={(value) => value && setChosenBrand(value)}
          allowDeselect={false}
          maw={320}
        />
      ) : null}
      <Paper withBorder radius="md" p="lg">
        <Tabs defaultValue="creatives" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="creatives">{m.creativesTab}</Tabs.Tab>
            {isBank ? null : <Tabs.Tab value="copy">{m.copyTab}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="creatives" pt="md">
            <Tabs
              variant="pills"
              value={creativesTab}
              onChange={(value) => setCreativesTab((value as CreativesTab | null) ?? 'upload')}
            >
              <Tabs.List>
                <Tabs.Tab value="upload">{m.uploadTab}</Tabs.Tab>
                <Tabs.Tab value="library">{m.libraryTab}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="upload" pt="md">
                <UploadImages owner={owner} onSaved={() => setCreativesTab('library')} />
              </Tabs.Panel>
              <Tabs.Panel value="library" pt="md">
                <MediaLibrary key={chosenBrand ?? 'bank'} owner={owner} />
              </Tabs.Panel>
            </Tabs>
          </Tabs.Panel>
          {isBank || !chosenBrand ? null : (
            <Tabs.Panel value="copy" pt="md">
              <CopyTextsForm key={chosenBrand} brandId={chosenBrand} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>
    </Stack>
  );
}
