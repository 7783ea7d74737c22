import { expect, test, type Page } from '@playwright/test';
import { asciiBytes, pngBytes } from '../../packages/domain/src/asset/image-file.fixtures.ts';
import { login } from '../support/fixtures.ts';

async function openManageAssets(page: Page, email: string) {
  await page.goto('/login');
  await login(page, email);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/managecreative');
  await expect(page.getByRole('heading', { name: 'Manage Assets', level: 1 })).toBeVisible();
}

const pick = (page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) =>
  page.locator('input[type="file"]').setInputFiles(files);

test('a brand admin uploads an image of another ratio, crops it, saves it, sees it in the Media Library and deletes it', async ({
  page,
}) => {
  const refusedByCsp: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refusedByCsp.push(message.text());
  });
  await openManageAssets(page, 'brandadmin@demo.test');

  await pick(page, [
    { name: 'shop-front.png', mimeType: 'image/png', buffer: Buffer.from(pngBytes(400, 300)) },
  ]);
  const pending = page.getByTestId('pending-image');
  await expect(pending.getByText('400 × 300')).toBeVisible();
  const crop = page.getByRole('dialog', { name: 'Crop Image' });
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'Done' }).click();
  await expect(crop).toBeHidden();
  await expect(pending.getByText('1000 × 600')).toBeVisible();
  expect(refusedByCsp, 'the cropper needs no inline style the CSP refuses').toEqual([]);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('1 image(s) uploaded successfully')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Media Library' })).toHaveAttribute('aria-selected', 'true');
  const newest = page.getByTestId('library-image').first();
  await expect(newest.getByText('1000 × 600')).toBeVisible();
  const image = newest.getByRole('img', { name: /^creative-/ });
  const fileName = (await image.getAttribute('alt'))!;
  expect(fileName).toMatch(/^creative-[0-9a-f]{12}\.png$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1000);

  await newest.getByRole('button', { name: `View ${fileName}` }).click();
  const view = page.getByRole('dialog', { name: 'View image' });
  await expect(view.getByRole('img', { name: fileName })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  await newest.getByRole('button', { name: `Delete ${fileName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete image' });
  await expect(confirm.getByText('Are you sure you want to delete this image?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted successfully')).toBeVisible();
  await expect(page.getByRole('img', { name: fileName })).toHaveCount(0);
});

test('files whose bytes are no image are counted and never sent, whatever their names say', async ({
  page,
}) => {
  await openManageAssets(page, 'brandadmin@demo.test');
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/uploads/files')) uploads.push(request.url());
  });

  await pick(page, [
    {
      name: 'cat.png',
      mimeType: 'image/png',
      buffer: Buffer.from(asciiBytes('<html><script>alert(1)</script></html>')),
    },
    { name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from(asciiBytes('<svg onload="alert(1)"/>')) },
  ]);

  await expect(page.getByText('2 file(s) invalid, Please select valid Image file')).toBeVisible();
  await expect(page.getByTestId('pending-image')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect(uploads).toEqual([]);
});

test('the brand’s copy texts are saved and shown again', async ({ page }) => {
  await openManageAssets(page, 'companyadmin@demo.test');
  await page.getByRole('tab', { name: 'Copy' }).click();

  const copy = page.getByRole('textbox', { name: 'Copy', exact: true });
  await copy.fill('x'.repeat(201));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Copy should at most contain 200 characters')).toBeVisible();

  await copy.fill('Seasonal plates, fairly priced.');
  await page.getByRole('textbox', { name: 'Additional Copy' }).fill('Open every day');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Copy text saved successfully')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Copy' }).click();
  await expect(page.getByRole('textbox', { name: 'Copy', exact: true })).toHaveValue(
    'Seasonal plates, fairly priced.',
  );
  await expect(page.getByRole('textbox', { name: 'Additional Copy' })).toHaveValue('Open every day');
});
