import { expect, test, type Locator, type Page } from '@playwright/test';
import { login } from '../support/fixtures.ts';
import { axeFindings, describe, settled, sidewaysScroll, viewports, type Finding } from './axe-check.ts';
import {
  demoAccounts,
  demoIds,
  publicRoutes,
  signedInRoutesByAudience,
  type CheckedAudience,
} from './routes.ts';

/**
 * Every route of the page table, as an audience that may open it, at a laptop's and a phone's
 * width, checked by axe (no critical or serious violation, one h1, landmarks, headings in order)
 * and for sideways scrolling at the phone's width; then the main dialogs open, each giving focus
 * back to what opened it (WCAG 2.2 AA; docs/decisions.md 'Colours, focus and landmarks', 'Lists
 * on phones'). One test an audience, so each signs in once and its pages share one browser
 * context; the audiences run side by side. The guest's train and its dialogs (terms, Skip
 * Direct-Debit) are checked by its own journey, onboarding/guest-train.spec.ts.
 */
test.describe.configure({ mode: 'parallel' });

/** Checks the screen now shown at both widths; the phone's width last, so a check ends as it began. */
async function checkBothWidths(page: Page, where: string, findings: Finding[], within?: string) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    if (!within) await settled(page);
    findings.push(...(await axeFindings(page, `${where} @${viewport.width}`, within)));
    if (viewport.width < 768 && !within)
      findings.push(...(await sidewaysScroll(page, `${where} @${viewport.width}`)));
  }
  await page.setViewportSize(viewports[0]);
}

/** A dialog of a page: what opens it, its name, and whether Cancel must have the focus first. */
interface DialogCheck {
  path: string;
  opener: (page: Page) => Locator;
  name: string | RegExp;
  /** A destructive question: Cancel (or its like) has the focus when it opens. */
  focusFirst?: string;
  /** Opened from the side navigation, which a phone shows behind its menu button: checked at 1440. */
  desktopOnly?: boolean;
}

const dialogs: Partial<Record<CheckedAudience, DialogCheck[]>> = {
  companyAdmin: [
    {
      path: '/user/users',
      opener: (page) => page.getByRole('button', { name: 'Add New' }),
      name: 'Add New User',
    },
    {
      path: '/user/branches',
      opener: (page) => page.getByRole('button', { name: 'Add New' }),
      name: 'Add New Branch',
    },
    {
      path: '/user/branches',
      opener: (page) => page.getByRole('button', { name: 'Upload CSV' }),
      name: 'Upload CSV',
    },
    {
      path: '/user/campaigns/future',
      opener: (page) => page.getByRole('button', { name: /^Delete / }).first(),
      name: 'Delete Campaign',
      focusFirst: 'Cancel',
    },
    {
      path: '/user/settings/webhooks',
      opener: (page) => page.getByRole('button', { name: 'Add endpoint' }),
      name: 'Add endpoint',
    },
    {
      path: '/user/users',
      opener: (page) =>
        page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }),
      name: 'Logout',
      focusFirst: 'Cancel',
      desktopOnly: true,
    },
  ],
  systemadmin: [
    {
      path: '/user/ingestionLogs',
      opener: (page) => page.getByRole('button', { name: 'Upload transactions' }),
      name: 'Upload transactions',
    },
    {
      path: '/user/banks/list',
      opener: (page) => page.getByRole('button', { name: 'Add Bank' }),
      name: 'Add Bank',
    },
    {
      path: '/user/publishers/list',
      opener: (page) => page.getByRole('button', { name: 'Add Publisher' }),
      name: 'Add Publisher',
    },
    {
      path: '/user/settings/apikeys',
      opener: (page) => page.getByRole('button', { name: 'Create key' }),
      name: 'Create key',
    },
  ],
};

/**
 * Opens the dialog by keyboard at each width (a list's rows are cards on a phone, their buttons
 * others), checks it, and closes it with Escape: the focus goes back to what opened it (WCAG 2.4.3).
 */
async function checkDialog(page: Page, audience: CheckedAudience, check: DialogCheck, findings: Finding[]) {
  await page.goto(check.path);
  for (const viewport of check.desktopOnly ? viewports.slice(0, 1) : viewports) {
    await page.setViewportSize(viewport);
    await settled(page);
    const opener = check.opener(page);
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: check.name });
    await expect(dialog).toBeVisible();
    // Mid-fade, axe reads each text's colour blended with the overlay (a loaded machine caught the
    // dialogs so, a different one each run): wait for the opening transitions to end.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    if (check.focusFirst) await expect(dialog.getByRole('button', { name: check.focusFirst })).toBeFocused();
    const where = `${audience} ${check.path} dialog "${check.name}" @${viewport.width}`;
    findings.push(...(await axeFindings(page, where, '[role="dialog"]')));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
  await page.setViewportSize(viewports[0]);
}

const audiences = Object.keys(demoAccounts) as CheckedAudience[];

for (const audience of audiences) {
  test(`every page ${audience} opens first passes axe at 1440 and 390 px, and nothing scrolls sideways at 390 px`, async ({
    page,
    request,
  }) => {
    const routes = signedInRoutesByAudience(await demoIds(request)).get(audience) ?? [];
    test.skip(routes.length === 0, `every page ${audience} may open is checked as another audience`);
    const audienceDialogs = dialogs[audience] ?? [];
    test.setTimeout(60_000 + (routes.length + audienceDialogs.length) * 30_000);
    await page.goto('/login');
    await login(page, demoAccounts[audience]);
    await expect(page).toHaveURL(/\/user\//);
    const findings: Finding[] = [];
    for (const route of routes) {
      await page.goto(route.path);
      await checkBothWidths(page, `${audience} ${route.path}`, findings);
    }
    for (const check of audienceDialogs) await checkDialog(page, audience, check, findings);
    expect(findings, describe(findings)).toEqual([]);
  });
}

test('the Session Expired dialog passes axe at 1440 and 390 px', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'brandadmin@demo.test');
  await expect(page).toHaveURL(/\/user\//);
  // The session ends elsewhere; the next call finds it gone.
  await page.request.post('/api/auth/logout');
  // A call of the page itself may find the session gone first and open the dialog over the link:
  // the click is dispatched, not aimed, so either way the next call is made.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .dispatchEvent('click');
  await expect(page.getByRole('dialog', { name: 'Session Expired, Please login Again' })).toBeVisible();
  const findings: Finding[] = [];
  await checkBothWidths(page, 'session expired dialog', findings, '[role="dialog"]');
  expect(findings, describe(findings)).toEqual([]);
});

test('every signed-out page passes axe at 1440 and 390 px, and nothing scrolls sideways at 390 px', async ({
  page,
}) => {
  const routes = publicRoutes();
  test.setTimeout(60_000 + routes.length * 20_000);
  const findings: Finding[] = [];
  for (const route of routes) {
    await page.goto(route.path);
    await checkBothWidths(page, `signed out ${route.path}`, findings);
  }
  expect(findings, describe(findings)).toEqual([]);
});
