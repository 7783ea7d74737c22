import { expect, test } from '@playwright/test';
import { pngBytes } from '../../packages/domain/src/asset/image-file.fixtures.ts';
import { login, openCampaignForm } from '../support/fixtures.ts';

/**
 * The template step's image picker: an email template needs two images; one comes from Add New
 * (cropped to 5:3 and uploaded for the campaign's brand), the other from the brand's Media Library.
 */
test('an email template gets one new cropped image and one from the Media Library, then the campaign is created', async ({
  page,
  request,
}) => {
  const signedIn = await request.post('/api/auth/login', {
    data: { email: 'groupadmin@demo.test', password: 'Demo@12345' },
  });
  const { accessToken, details } = (await signedIn.json()) as {
    accessToken: string;
    details: { brandIds: { brandId: string; brandName: string }[] };
  };
  const harbour = details.brandIds.find((brand) => brand.brandName === 'Harbour Kitchen')!.brandId;
  const seeded = await request.post(
    `/api/uploads/files?uploadPath=docs&docType=creatives&brandId=${harbour}`,
    {
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'image/png' },
      data: Buffer.from(pngBytes(500, 300)),
    },
  );
  expect(seeded.status()).toBe(201);
  const libraryImage = ((await seeded.json()) as { details: { url: string; fileName: string } }).details;

  await page.goto('/login');
  await login(page, 'groupadmin@demo.test');
  await openCampaignForm(page, () => page.getByRole('link', { name: 'Create Campaign' }).first().click());
  await openCampaignForm(page, async () => {
    await page.getByRole('combobox', { name: 'Brand' }).click();
    await page.getByRole('option', { name: 'Harbour Kitchen' }).click();
  });
  await page.getByLabel('Discount (%)').fill('12');
  await page.getByLabel('Select All Branches').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Campaign Template', level: 1 })).toBeVisible();

  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByLabel('Feature with two images').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('form-status')).toHaveText('Please Select at least two Images');

  await page.getByRole('button', { name: 'Choose image' }).first().click();
  const topPicker = page.getByRole('dialog', { name: 'Top Image' });
  await topPicker.locator('input[type="file"]').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: Buffer.from(pngBytes(300, 300)),
  });
  const crop = page.getByRole('dialog', { name: 'Crop Image' });
  await crop.getByRole('button', { name: 'Done' }).click();
  await expect(topPicker).toBeHidden();
  const topImage = page.getByRole('img', { name: 'Top Image', exact: true });
  await expect(topImage).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}\/campaign-[0-9a-f]{12}\.png$/);
  await expect.poll(() => topImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1000);

  await page.getByRole('button', { name: 'Choose image' }).click();
  const bottomPicker = page.getByRole('dialog', { name: 'Bottom Image' });
  await bottomPicker.getByRole('tab', { name: 'Media Library' }).click();
  await bottomPicker.getByRole('button', { name: `Select ${libraryImage.fileName}` }).click();
  await expect(bottomPicker).toBeHidden();
  await expect(page.getByRole('img', { name: 'Bottom Image', exact: true })).toHaveAttribute(
    'src',
    libraryImage.url,
  );
  const preview = page.getByTestId('template-preview');
  await expect(preview.getByRole('img', { name: 'Bottom Image (preview)' })).toHaveAttribute(
    'src',
    libraryImage.url,
  );
  await expect(preview.getByRole('img', { name: 'Top Image (preview)' })).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Campaign ".+" has been created successfully$/)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/campaigns\/future/);
});
