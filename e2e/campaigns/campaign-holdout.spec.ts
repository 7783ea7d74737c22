import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from '../accessibility/axe-check.ts';
import { login, openCampaignForm } from '../support/fixtures.ts';

/**
 * A campaign's holdout share (docs/decisions/0129): the form starts at 10% with the smallest lift
 * that share can detect at the brand's volume of last month beside it; 0% switches it off and says
 * so; a larger share detects a smaller lift; the saved share is read back by the edit form.
 */
test('the holdout share shows its minimum detectable lift, and is saved as set', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'companyadmin@demo.test');
  await openCampaignForm(page, () => page.getByRole('link', { name: 'Create Campaign' }).first().click());
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();

  await page.getByLabel('Select All Branches').check();
  const share = page.getByLabel('Holdout share (%)');
  const detectable = page.getByTestId('holdout-detectable');
  await expect(share).toHaveValue('10%');
  const perCard =
    /Smallest lift it can detect: £([\d,.]+) more spend per card \(£[\d,.]+ over the campaign’s cards\), at [\d,]+ cards as in \d\d\/\d{4}\./;
  await expect(detectable).toHaveText(perCard);
  const atTen = Number(perCard.exec((await detectable.textContent()) ?? '')![1]!.replaceAll(',', ''));

  await share.fill('0');
  await expect(detectable).toHaveText('No holdout: this campaign’s lift will not be measured.');
  await share.fill('25');
  await expect(detectable).toHaveText(perCard);
  const atQuarter = Number(perCard.exec((await detectable.textContent()) ?? '')![1]!.replaceAll(',', ''));
  // A larger holdout balances the two groups better: it detects a smaller lift.
  expect(atQuarter).toBeLessThan(atTen);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await expectAccessible(page, `the campaign form with its holdout at ${width}px`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Over half is refused by the form, naming the field's rule.
  await share.fill('60');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText('Holdout share must be from 0% (no holdout) to 50%, in steps of 0.01%'),
  ).toBeVisible();
  await share.fill('25');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Campaign Template', level: 1 })).toBeVisible();
  await page.getByLabel('Percent off, short').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  const notice = page.getByText(/^Campaign ".+" has been created successfully$/);
  await expect(notice).toBeVisible();
  const name = /Campaign "(.+)" has been created/.exec((await notice.textContent()) ?? '')![1]!;
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Holdout share (%)')).toHaveValue('25%');
});
