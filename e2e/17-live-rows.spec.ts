import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createTaskViaApi } from './support/engine-api';
import { SITE } from './support/env';
import { shootStep } from './support/shots';

// The rows table while a batch runs: rows change status in place as they finish, and the filters'
// counts are the progress card's counts at every moment (both come from the batch's event stream).

const STATS = ['succeeded', 'failed', 'running', 'pending', 'removed'] as const;

/** The card's counts and the filters' counts, read in one pass over the page so they are of one moment. */
async function snapshot(page: Page) {
  return page.evaluate((stats) => {
    const num = (s: string | null | undefined) => Number((s ?? '').replace(/[^0-9]/g, '') || NaN);
    const filters = document.querySelector('[aria-label="Filter rows"]');
    const buttons = [...(filters?.querySelectorAll('button') ?? [])];
    return stats.map((id) => {
      const label = id[0]!.toUpperCase() + id.slice(1);
      const button = buttons.find((b) => b.textContent?.startsWith(label));
      return {
        id,
        card: num(document.querySelector(`[data-testid="count-${id}"]`)?.textContent),
        filter: num(button?.textContent?.slice(label.length)),
      };
    });
  }, STATS);
}

async function quickShots(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await page.screenshot({ path: path.join('e2e', 'screenshots', `${name}-${theme}.png`) });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test('the rows table is live and its counts agree with the progress card', async ({ page }) => {
  const taskId = await createTaskViaApi(page.request, 'Find the contact email address of a company website');
  const ROWS = 30;
  const lines = Array.from({ length: ROWS }, (_, n) =>
    JSON.stringify({ data_uuid: `live-${n}`, inputs: [`${SITE()}/slow/2500/co/${200 + n}/`] }),
  );
  await page.goto(`/batches/new?task=${taskId}`);
  await page.getByLabel('Batch input file').setInputFiles({
    name: 'live.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(lines.join('\n')),
  });
  await page.getByRole('button', { name: new RegExp(`Launch ${ROWS} rows`) }).click();
  await expect(page).toHaveURL(/\/batches\/batch_/);
  await expect(page.getByTestId('rows-live')).toBeVisible();

  // While it runs: a finished row shows up in the table before the batch completes, and every
  // snapshot of the page has the filters and the card agreeing.
  const done = page.getByText('completed', { exact: true });
  const succeededRow = page.getByTestId('batch-row').filter({ hasText: 'succeeded' }).first();
  await expect(succeededRow).toBeVisible({ timeout: 60_000 });
  expect(await done.isVisible()).toBe(false);
  let snapshots = 0;
  while (!(await done.isVisible()) && snapshots < 400) {
    const counts = await snapshot(page);
    for (const c of counts) expect(c.filter, `${c.id} in the filters and on the card`).toBe(c.card);
    snapshots++;
    // A picture of the table mid-run, for a person to look at (no axe pass: it would outlast the run).
    if (snapshots === 3) await quickShots(page, 'batch-rows-running');
    await page.waitForTimeout(100);
  }
  expect(snapshots).toBeGreaterThan(3);
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('rows-live')).toHaveCount(0);
  await expect(page.getByTestId('count-succeeded')).toHaveText(String(ROWS));
  // The table caught up with the end of the run without a reload.
  const rows = page.getByTestId('batch-row');
  await expect(rows.filter({ hasText: /running|pending/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Succeeded/ }).click();
  await expect(page.getByTestId('rows-loaded')).toHaveText(new RegExp(`^${ROWS} rows loaded`));
  for (const c of await snapshot(page)) expect(c.filter).toBe(c.card);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await shootStep(page, 'batch-rows-live');
});
