import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Types into a list's search box and waits until the list shows that search's answer: the search
 * reaches the URL after its debounce, and the table is busy (its loading overlay taking clicks)
 * until the answer comes. A click before then could land on the overlay, or on a row the answer
 * replaces.
 */
export async function searchList(page: Page, box: Locator, text: string) {
  await box.fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
}
