import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asciiBytes, gifBytes, pngBytes } from '@krowd/domain/asset/image-file.fixtures';
import { imageFileMaxBytes } from '@krowd/domain/asset/image-file';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi, type Answers } from '@/test/stub-api';
import { UploadImages } from './upload-images.tsx';

const m = messages.asset;

const fileOf = (bytes: Uint8Array, name: string, type: string) => new File([bytes.slice()], name, { type });

/** The form against the API, answered as `answers` say. */
function renderUpload(answers: Answers = {}) {
  const onSaved = vi.fn();
  const sent = stubApi(answers);
  const { container } = renderWithProviders(
    <UploadImages owner={{ brandId: 'b0b0b0b0-0000-4000-8000-000000000001' }} onSaved={onSaved} />,
  );
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { input, onSaved, sent };
}

const saveButton = () => screen.getByRole('button', { name: m.save });

beforeEach(() => {
  // Previews are object URLs; the test only needs a name for each.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

/** The library's answer to one saved image. */
const uploaded = () =>
  Response.json(
    {
      respCode: 200,
      name: 'creative-x.gif',
      details: {
        _id: 'e0e0e0e0-0000-4000-8000-000000000001',
        fileName: 'creative-x.gif',
        url: '/api/uploads/creative-x.gif',
        type: 'gif',
        contentType: 'image/gif',
        width: 5,
        height: 3,
        byteSize: 64,
        created: '2026-12-01T10:00:00.000Z',
      },
    },
    { status: 201 },
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Upload Images', () => {
  it('counts files whose bytes are no image, whatever their name says, and adds none of them', async () => {
    const { input } = renderUpload();

    await userEvent.upload(input, [
      fileOf(asciiBytes('<html><script>alert(1)</script></html>'), 'cat.png', 'image/png'),
      fileOf(new Uint8Array(), 'empty.gif', 'image/gif'),
    ]);

    expect(await screen.findByText('2 file(s) invalid, Please select valid Image file')).toBeTruthy();
    expect(screen.queryAllByTestId('pending-image')).toHaveLength(0);
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an image of 2,072,576 bytes or more with the size message and keeps Save disabled', async () => {
    const png = pngBytes(5, 3);
    const big = new Uint8Array(imageFileMaxBytes);
    big.set(png.subarray(0, png.length - 12));
    big.set(png.subarray(png.length - 12), big.length - 12);
    const { input } = renderUpload();

    await userEvent.upload(input, [
      fileOf(big, 'big.png', 'image/png'),
      fileOf(gifBytes(5, 3), 'ok.gif', 'image/gif'),
    ]);

    expect(await screen.findByText(m.fileTooLarge)).toBeTruthy();
    expect(screen.getAllByTestId('pending-image')).toHaveLength(2);
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: `${m.remove} big.png` }));
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('saves the images one by one as their bytes, then hands over to the library', async () => {
    const { input, onSaved, sent } = renderUpload({ 'POST /api/uploads/files': uploaded });
    const first = gifBytes(5, 3);
    const second = gifBytes(10, 6);

    await userEvent.upload(input, [
      fileOf(first, 'a.gif', 'image/gif'),
      fileOf(second, 'b.gif', 'image/gif'),
    ]);
    await screen.findAllByTestId('pending-image');
    await userEvent.click(saveButton());

    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const saves = sent.filter((call) => call.method !== 'GET');
    expect(
      saves.map(
        (call) =>
          `${call.method} ${call.url.pathname}?${call.url.searchParams.get('docType')} ${call.file?.size}`,
      ),
    ).toEqual([
      `POST /api/uploads/files?creatives ${first.length}`,
      `POST /api/uploads/files?creatives ${second.length}`,
    ]);
    expect(screen.queryAllByTestId('pending-image')).toHaveLength(0);
  });

  it('opens the crop dialog about a second after an image that is not 5:3 is chosen', async () => {
    const { input } = renderUpload();

    await userEvent.upload(input, [fileOf(pngBytes(4, 4), 'square.png', 'image/png')]);

    expect(screen.queryByText(m.cropTitle)).toBeNull();
    expect(await screen.findByText(m.cropTitle)).toBeTruthy();
  });
});
