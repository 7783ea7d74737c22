import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The two widths every screen is checked at (a laptop, a phone). */
export const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Rules below 'serious' that the screens keep too (docs/decisions.md 'Colours, focus and
 * landmarks'): one h1 a page, landmarks round everything, headings in order.
 */
const keptModerateRules = new Set([
  'page-has-heading-one',
  'landmark-one-main',
  'region',
  'heading-order',
  'landmark-unique',
  'landmark-no-duplicate-main',
]);

/** What one check found that fails it: every critical and serious violation, and the kept rules'. */
export interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits until the screen has drawn its data: its heading, no loader, no busy table. */
export async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible, [aria-busy="true"]')).toHaveCount(0);
}

/** Runs axe (its default rules: WCAG 2.x A and AA and best practice) on the page, or on `include`. */
export async function axeFindings(page: Page, where: string, include?: string): Promise<Finding[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || keptModerateRules.has(v.id))
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

/** The findings, one line each, for the failure message. */
export function describe(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}: [${f.impact}] ${f.rule} (${f.help}) at ${f.targets.join(' | ')}`)
    .join('\n');
}

/**
 * What scrolls sideways at a phone's width: the page itself, or a box inside it whose content is
 * wider than it (a table in its card). Each as a line naming it; none is allowed at 390 px.
 */
export async function sidewaysScroll(page: Page, where: string): Promise<Finding[]> {
  const found = await page.evaluate(() => {
    const lines: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) lines.push(`the page is ${root.scrollWidth}px wide`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      if (!/(auto|scroll)/.test(style.overflowX)) continue;
      // A named region the keyboard can focus and scroll is meant to (a code example's box,
      // components/ui/code-block.tsx): it scrolls inside itself and the page keeps its width.
      if (
        element.matches(
          '[role="region"][tabindex="0"][aria-labelledby], [role="region"][tabindex="0"][aria-label]',
        )
      )
        continue;
      if (element.scrollWidth <= element.clientWidth + 1 || element.offsetParent === null) continue;
      const name = element.getAttribute('aria-label') ?? element.className.toString().slice(0, 60);
      lines.push(
        `${element.tagName.toLowerCase()} "${name}" scrolls: ${element.scrollWidth}px in ${element.clientWidth}px`,
      );
    }
    return lines;
  });
  return found.map((line) => ({
    where,
    rule: 'sideways-scroll',
    impact: 'serious',
    help: line,
    targets: [],
  }));
}

/**
 * Fails unless the screen now shown passes axe at both widths and, at the phone's, nothing scrolls
 * sideways (only the dialog `within` is checked when given); the page's size is then restored.
 */
export async function expectAccessible(page: Page, where: string, within?: string) {
  const original = page.viewportSize();
  const findings: Finding[] = [];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    findings.push(...(await axeFindings(page, `${where} @${viewport.width}`, within)));
    if (!within && viewport.width < 768)
      findings.push(...(await sidewaysScroll(page, `${where} @${viewport.width}`)));
  }
  if (original) await page.setViewportSize(original);
  expect(findings, describe(findings)).toEqual([]);
}
