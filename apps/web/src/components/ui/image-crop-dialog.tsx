import { Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { cropOutput, imageAspect, imageFileMaxBytes } from '@krowd/domain/asset/image-file';
import { messages } from '@krowd/domain/messages/messages';

const m = messages.asset;

/** The cropper's view is 400 px high (spec 1 §9). */
const viewHeight = 400;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(m.fileNotImage));
    image.src = src;
  });
}

function canvasBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(m.fileNotImage))), type, 0.9),
  );
}

/**
 * Draws the chosen area at the output size (1000 × 600 by default). A JPEG stays a JPEG; others
 * become PNG (a canvas cannot write GIF), or JPEG when a PNG would pass the upload limit.
 */
export async function cropToBlob(
  src: string,
  area: Area,
  sourceType: string,
  output: { width: number; height: number } = cropOutput,
): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(m.fileNotImage);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, output.width, output.height);
  const type = sourceType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const blob = await canvasBlob(canvas, type);
  return blob.size < imageFileMaxBytes ? blob : canvasBlob(canvas, 'image/jpeg');
}

export interface ImageCropDialogProps {
  /** The image to crop (an object URL); null keeps the dialog closed. */
  src: string | null;
  /** The content type of the image, to keep a JPEG a JPEG. */
  sourceType: string;
  onCancel: () => void;
  onDone: (cropped: Blob) => void;
}

/** The 5:3 crop dialog (spec 2 §4, spec 1 §2): drag and zoom, then Done makes a 1000 × 600 image. */
export function ImageCropDialog({ src, sourceType, onCancel, onDone }: ImageCropDialogProps) {
  return (
    <Modal opened={src !== null} onClose={onCancel} title={m.cropTitle} size="lg" centered>
      {src ? (
        <CropArea key={src} src={src} sourceType={sourceType} onCancel={onCancel} onDone={onDone} />
      ) : null}
    </Modal>
  );
}

function CropArea({ src, sourceType, onCancel, onDone }: ImageCropDialogProps & { src: string }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const handleDone = async () => {
    if (!area) return;
    setWorking(true);
    try {
      onDone(await cropToBlob(src, area, sourceType));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack>
      <Box pos="relative" h={viewHeight} bg="dark.7" data-testid="crop-area">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={imageAspect.width / imageAspect.height}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_percent, pixels) => setArea(pixels)}
          // Its stylesheet is bundled (main.tsx); an injected <style> would break the CSP.
          disableAutomaticStylesInjection
        />
      </Box>
      <Slider
        aria-label={m.zoom}
        min={1}
        max={3}
        step={0.05}
        value={zoom}
        onChange={setZoom}
        label={(value) => `${value.toFixed(1)}×`}
      />
      <Text size="xs" c="dimmed">
        {m.cropHint(cropOutput.width, cropOutput.height)}
      </Text>
      {problem ? (
        <Text c="red.7" size="sm" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {m.cancel}
        </Button>
        <Button onClick={() => void handleDone()} loading={working} disabled={!area}>
          {m.cropDone}
        </Button>
      </Group>
    </Stack>
  );
}
