import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, demoPassword, login } from '../support/fixtures.ts';
import { demoAdminEmail, withAdminCode } from '../support/two-step.ts';

/**
 * Journeys by keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7): Tab, Shift+Tab, Enter, Space and typing;
 * no clicks. Each control reached shows a ring of at least 2 px; a dialog closed or a row changed
 * leaves focus where the work goes on, never on the page's body (docs/decisions.md 'Colours,
 * focus and landmarks').
 */

/** Presses Tab until `target` has the focus; answers how many presses it took. */
async function tabTo(page: Page, target: Locator, most = 80): Promise<number> {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await expectRing(page);
      return presses;
    }
  }
  throw new Error(`${target} was not reached in ${most} presses of Tab`);
}

/**
 * The focused control shows a clear ring: a solid outline of 2 px or more, on the control or, for
 * a field drawn inside a box (a password with its eye), on that box.
 */
async function expectRing(page: Page) {
  const outline = await page.evaluate(() => {
    const active = document.activeElement!;
    const ringed = active.closest('.mantine-Input-input') ?? active;
    const style = getComputedStyle(ringed);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style, 'the focused control has an outline').not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

/** What has the focus is not the page's body. */
async function focusIsOnAControl(page: Page) {
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
}

/** The skip link is the first stop; it takes the keyboard past the navigation to the page. */
async function skipToContent(page: Page) {
  // From the top of the page, as after a load: a dialog closed on the way (the branch alert) hands
  // the focus back to where it was opened from, which is not the top.
  // (Chrome keeps Tab's starting point where a blurred element was, so the body takes the focus.)
  // A dialog that opens on its own while this runs (the branch alert, closed by the journey's
  // handler) takes the focus and hands it back elsewhere: then start from the top again.
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(async () => {
    await page.evaluate(() => {
      document.body.tabIndex = -1;
      document.body.focus();
      document.body.removeAttribute('tabindex');
    });
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused({ timeout: 1_000 });
    // Inside the retry too: the alert may open after the link has the focus, and closed hands the
    // focus back elsewhere, the link then off screen again (CI saw it: viewport ratio 0).
    await expect(skip).toBeInViewport({ timeout: 1_000 });
    await expectRing(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

async function pendingBranchOfGreenFork(request: APIRequestContext, name: string) {
  const token = await apiToken(request, 'companyadmin@demo.test');
  const session = await request.get('/api/auth/session', { headers: { authorization: `Bearer ${token}` } });
  const brandId = ((await session.json()) as { details: { brandId: string } }).details.brandId;
  const created = await request.post('/api/merchants', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, postcode: 'E1 6JE', brandId },
  });
  expect(created.status()).toBe(201);
}

test('the system admin signs in with both steps and approves a branch by keyboard, focus staying in its row', async ({
  page,
  request,
}) => {
  const branch = `Keyboard Approval ${Date.now()}`;
  await pendingBranchOfGreenFork(request, branch);

  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(demoAdminEmail);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(demoPassword);
  await page.keyboard.press('Enter');
  // The second step: its code field has the focus.
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await withAdminCode(page.url(), async (value) => {
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/banks\/list$/);
  });

  await page.goto(`/user/merchants?q=${encodeURIComponent(branch)}`);
  const row = page.getByRole('row', { name: new RegExp(branch) });
  await expect(row.getByText('Pending')).toBeVisible();
  await skipToContent(page);
  // Past the navigation, the row's first action is a few presses away, not 32.
  const approve = row.getByRole('button', { name: `Approve ${branch}` });
  expect(await tabTo(page, approve)).toBeLessThanOrEqual(15);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Approve' });
  await expect(dialog.getByLabel('Comments')).toBeFocused();
  await page.keyboard.type('Checked with the network');
  await tabTo(page, dialog.getByRole('button', { name: 'Approve' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Merchant approved successfully')).toBeVisible();
  await expect(row.getByText('Approved')).toBeVisible();
  // The Approve button is gone with the approval: focus went to the same row, not the body.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? ''))
    .toContain(branch);
  await focusIsOnAControl(page);
});

test('a company admin creates a campaign by keyboard, through the template step to Submit', async ({
  page,
}) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  await expect(page).toHaveURL(/\/user\//);
  // The branch alert shows when other journeys leave branches pending: Escape closes it.
  const alert = page.getByRole('dialog', { name: 'Alert' });
  await page.addLocatorHandler(alert, async () => {
    await page.keyboard.press('Escape');
    await expect(alert).toBeHidden();
  });
  await page.goto('/user/campaigns/create');
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();

  await skipToContent(page);
  await tabTo(page, page.getByLabel('Discount (%)'));
  await page.keyboard.type('15');
  await tabTo(page, page.getByLabel('Select All Branches'));
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Select All Branches')).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Campaign Template', level: 1 })).toBeVisible();
  // Tab enters the group of templates; the arrow keys move the choice within it.
  const template = page.getByRole('radio', { name: 'Percent off, short' });
  const radios = page.getByRole('radio');
  await tabTo(page, radios.first());
  await page.keyboard.press('Space');
  for (let moves = 0; moves < (await radios.count()) && !(await template.isChecked()); moves += 1)
    await page.keyboard.press('ArrowDown');
  await expect(template).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Campaign ".+" has been created successfully$/)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/campaigns\/future/);
});
