import { expect, test } from '@playwright/test';
import { login, servers } from '../support/fixtures.ts';

test('when the server ends the session, the Session Expired modal leads back to login', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/user\/banks\/list$/);
  await expect(page.getByRole('cell', { name: 'Demo Bank', exact: true })).toBeVisible();
  // The session ends elsewhere (the same cookie logs out through the API).
  await page.request.post('/api/auth/logout');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByText('Session Expired, Please login Again', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login Page' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('while the session is checked, a signed-out visitor sees a loader and then login; a browser signed in sees the frame', async ({
  page,
}) => {
  // The session's answer waits until the test lets it go, so what is drawn meanwhile can be seen.
  let letGo = () => {};
  await page.route('**/api/auth/session', async (route) => {
    await new Promise<void>((resolve) => (letGo = resolve));
    await route.continue();
  });
  const frameHeading = page.getByRole('heading', { name: 'Dashboard', level: 1 });

  await page.goto('/user/dashboard');
  await expect(page.getByLabel('Loading', { exact: true })).toBeVisible();
  await expect(frameHeading).toBeHidden();
  letGo();
  await expect(page).toHaveURL(/\/login$/);
  await expect(frameHeading).toBeHidden();

  await page.unroute('**/api/auth/session');
  await login(page, 'companyadmin@demo.test');
  await expect(page).toHaveURL(/\/user\//);
  await page.route('**/api/auth/session', async (route) => {
    await new Promise<void>((resolve) => (letGo = resolve));
    await route.continue();
  });
  await page.goto('/user/dashboard');
  await expect(frameHeading).toBeVisible();
  letGo();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
});

test('after the idle time the inactivity modal appears and Login again returns to login', async ({
  page,
}) => {
  const { url } = servers().shortIdle;
  await page.goto(`${url}/login`);
  await login(page, 'companyadmin@demo.test');
  await expect(page).toHaveURL(/\/user\/campaigns\/future$/);
  await expect(page.getByText("You're being timed out due to inactivity")).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Login again' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The server ended that session too.
  await page.goto(`${url}/user/campaigns/future`);
  await expect(page).toHaveURL(/\/login$/);
});

test('framed by another page, the app shows the clickjacking warning instead of itself', async ({ page }) => {
  // Browsers refuse to frame us (frame-ancestors 'none', X-Frame-Options DENY); to see the
  // in-app fallback, this test strips those headers and frames the login page.
  await page.route('**/login', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['x-frame-options'];
    headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace(
      "frame-ancestors 'none'",
      "frame-ancestors 'self'",
    );
    await route.fulfill({ response, headers });
  });
  await page.route('**/framing-page', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<iframe src="/login" width="900" height="600"></iframe>',
    }),
  );
  await page.goto('/framing-page');
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('clickjacking-warning')).toContainText(
    'If you see this page, Webb App link you have clicked on is under Clickjacking security attack.',
  );
});

test('the server forbids framing by any page', async ({ request }) => {
  const response = await request.get('/login');
  expect(response.headers()['x-frame-options']).toBe('DENY');
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});
