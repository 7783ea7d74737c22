import { expect, test, type Page } from '@playwright/test';
import { apiToken, login } from '../support/fixtures.ts';
import { searchList } from '../support/lists.ts';

const csvHeader =
  'name,postcode,postalTown,address,contactName,contactPhone,contactEmail,merchantId,amexMerchantID,zettleMerchantID,tripadvisorUrl';

async function openBranches(page: Page, email: string) {
  await page.goto('/login');
  await login(page, email);
  await expect(page).toHaveURL(/\/user\//);
  await page.goto('/user/branches');
  await expect(page.getByRole('heading', { name: 'Branches', level: 1 })).toBeVisible();
}

async function search(page: Page, text: string) {
  await searchList(page, page.getByRole('textbox', { name: 'Search Branch Name / Merchant ID' }), text);
}

test('a brand admin adds a branch picked from the directory', async ({ page }) => {
  await openBranches(page, 'companyadmin@demo.test');

  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Branch' });
  await dialog.getByRole('combobox', { name: 'Branch Name' }).fill('green fork ang');
  await page.getByRole('option', { name: /Green Fork Angel/ }).click();
  await expect(dialog.getByLabel('Post Code')).toHaveValue('N1 1QP');
  await expect(dialog.getByLabel('Contact Phone')).toHaveValue('02079460101');
  await dialog.getByLabel('Visa/Mastercard ID').fill('4419001');
  await dialog.getByRole('button', { name: 'Add' }).click();

  await expect(page.getByText('Branch added successfully.')).toBeVisible();
  await search(page, 'Angel');
  const row = page.getByRole('row', { name: /Green Fork Angel/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  await row.getByRole('button', { name: 'View Green Fork Angel' }).click();
  const view = page.getByRole('dialog', { name: 'Branch View' });
  await expect(view.getByText('112 Upper Street, London, London, N1 1QP')).toBeVisible();
  await expect(view.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
});

test('the system admin approves and rejects a branch with comments', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/user\/banks\/list$/);
  await page.goto('/user/merchants');
  await search(page, 'Brixton');
  const row = page.getByRole('row', { name: /Green Fork Brixton/ });
  await expect(row.getByText('Rejected')).toBeVisible();

  await row.getByRole('button', { name: 'Approve Green Fork Brixton' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve' });
  await approve.getByLabel('Comments').fill('Merchant IDs checked with the network');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Merchant approved successfully')).toBeVisible();
  await expect(row.getByText('Approved')).toBeVisible();

  await row.getByRole('button', { name: 'Reject Green Fork Brixton' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Please give a reason for rejecting.')).toBeVisible();
  await reject.getByLabel('Comments').fill('The site has closed');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Merchant rejected successfully')).toBeVisible();
  await expect(row.getByText('Rejected')).toBeVisible();

  await row.getByRole('button', { name: 'View Green Fork Brixton' }).click();
  const view = page.getByRole('dialog', { name: 'Branch View' });
  await expect(view.getByText('The site has closed')).toBeVisible();
  await expect(view.getByText('admin@demo.test')).toBeVisible();
});

test('a brand admin deletes ticked branches in bulk', async ({ page, request }) => {
  const token = await apiToken(request, 'companyadmin@demo.test');
  const session = await request.get('/api/auth/session', { headers: { authorization: `Bearer ${token}` } });
  const brandId = ((await session.json()) as { details: { brandId: string } }).details.brandId;
  const tag = `Bulk ${Date.now()}`;
  for (const suffix of ['One', 'Two']) {
    const created = await request.post('/api/merchants', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: `${tag} ${suffix}`, postcode: 'E1 6JE', brandId },
    });
    expect(created.status()).toBe(201);
  }
  await openBranches(page, 'companyadmin@demo.test');
  await search(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);

  await page.getByRole('checkbox', { name: `Select ${tag} One` }).check();
  await page.getByRole('checkbox', { name: `Select ${tag} Two` }).check();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete' });
  await expect(confirm.getByText('the 2 selected branches')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByText('Branch deleted successfully.')).toBeVisible();
  for (const suffix of ['One', 'Two']) {
    await expect(
      page.getByRole('row', { name: new RegExp(`${tag} ${suffix}`) }).getByText('Deleted'),
    ).toBeVisible();
  }
  await expect(page.getByRole('checkbox', { name: `Select ${tag} One` })).not.toBeChecked();
});

test('a CSV with one bad row lists it by line and stores nothing', async ({ page }) => {
  const tag = `Csv ${Date.now()}`;
  const file = [
    csvHeader,
    `${tag} Good,N1 9AA,London,1 High Street,,,,4429001,,,`,
    `${tag} Bad,NOT A POSTCODE,London,2 High Street,,,,4429002,,,`,
  ].join('\n');
  await openBranches(page, 'companyadmin@demo.test');

  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload CSV' });
  await upload
    .locator('input[type="file"]')
    .setInputFiles({ name: 'branches.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await upload.getByRole('button', { name: 'Upload' }).click();

  const errors = page.getByRole('dialog', { name: 'Validation Error' });
  await expect(errors.getByText('Line 3, postcode: Invalid Postcode')).toBeVisible();
  await errors.getByRole('button', { name: 'Close' }).last().click();
  await upload.getByRole('button', { name: 'Cancel' }).click();
  await search(page, tag);
  await expect(page.getByText('No data found.')).toBeVisible();
});

test('a file that is not a CSV is refused before it is sent', async ({ page }) => {
  await openBranches(page, 'companyadmin@demo.test');

  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload CSV' });
  await upload
    .locator('input[type="file"]')
    .setInputFiles({ name: 'branches.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });

  await expect(upload.getByText('File uploaded is not with .csv extension')).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Upload' })).toBeDisabled();
});

test("a plain 'user' sees no branch screen and no action icons", async ({ page }) => {
  await page.goto('/login');
  await login(page, 'user@demo.test');
  await expect(page).toHaveURL(/\/user\//);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Branches' }),
  ).toHaveCount(0);

  await page.goto('/user/branches');

  await expect(page).toHaveURL(/\/user\/PageNotFound$/);
  for (const action of ['Add New', 'Upload CSV', 'Go']) {
    await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: /^(Edit|Delete|Approve|Reject|View) / })).toHaveCount(0);
});
