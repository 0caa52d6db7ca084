import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// A step of a flow, kept as a full-page screenshot in light and dark (e2e/screenshots/, git-ignored,
// for a person to look at) and checked with axe in both: no serious or critical violation.
const SHOTS = path.join(process.cwd(), 'e2e', 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

export async function shootStep(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    // The page keeps its state (a parsed file, a running batch): switch the theme class in place
    // rather than reloading with another colour scheme.
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((t) => {
      document.documentElement.classList.toggle('dark', t === 'dark');
      window.scrollTo(0, 0); // a full-page shot of a scrolled page draws the sticky header mid-page
    }, theme);
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`), fullPage: true });
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map(
        (v) =>
          `${name} (${theme}) ${v.id}: ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}
