import { expect, test } from './support/test';
import { createTaskViaApi } from './support/engine-api';
import { SITE } from './support/env';
import { shootStep } from './support/shots';
import { companyFacts } from '../tests/fixtures/site/facts';

// Monitors in the dashboard: a batch's rows turned into a monitor, its first run the baseline, a page
// that changes between runs showing up as one changed field (before → after), and pausing it.

test('a batch becomes a monitor; a changed page shows as a change; the monitor pauses', async ({ page }) => {
  const taskId = await createTaskViaApi(page.request, 'Find the contact email address of a company website');
  // Each row's site can be switched to another company's pages between runs (see the fixture site).
  const rows = [401, 402, 403].map((n, i) =>
    JSON.stringify({ data_uuid: `mon-${i}`, inputs: [`${SITE()}/switch/mon-${i}/co/${n}/`] }),
  );
  await page.goto(`/batches/new?task=${taskId}`);
  await page.getByLabel('Batch input file').setInputFiles({
    name: 'watched.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(rows.join('\n')),
  });
  await page.getByRole('button', { name: /Launch 3 rows/ }).click();
  await expect(page).toHaveURL(/\/batches\/batch_/);
  await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 60_000 });

  // Turn it into a monitor: daily, alert on any change.
  await page.getByRole('button', { name: 'Watch as monitor' }).click();
  const dialog = page.getByRole('dialog', { name: /Watch these 3 rows/ });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill('Supplier emails');
  await dialog.getByLabel('Run every').fill('1');
  await dialog.getByLabel('Unit').selectOption('days');
  await shootStep(page, 'monitor-create');
  await dialog.getByRole('button', { name: 'Create monitor' }).click();
  await expect(page).toHaveURL(/\/monitors\/mon_/);
  await expect(page.getByRole('heading', { name: 'Supplier emails' })).toBeVisible();
  await expect(page.getByText('every day')).toBeVisible();

  // The first run starts at once and takes the baseline: three new rows.
  const runs = page.getByTestId('monitor-run');
  await expect(runs).toHaveCount(1, { timeout: 60_000 });
  await expect(runs.first().getByTestId('run-counts')).toContainText('3 new', { timeout: 60_000 });
  await expect(runs.first().getByText('baseline')).toBeVisible();
  await expect(page.getByTestId('change-row')).toHaveCount(3);

  // One site moves to another company's pages; "Run now" finds exactly that field changed.
  const switched = await page.request.post(`${SITE()}/switch/mon-1?shift=100`);
  expect(switched.ok()).toBe(true);
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(runs).toHaveCount(2, { timeout: 30_000 });
  const latest = runs.first();
  await expect(latest.getByTestId('run-counts')).toContainText('1 changed', { timeout: 60_000 });
  await expect(latest.getByTestId('run-counts')).toContainText('2 unchanged');
  const change = latest.getByTestId('change-row');
  await expect(change).toHaveCount(1);
  await expect(change).toContainText(`${SITE()}/switch/mon-1/co/402/`);
  await expect(change).toContainText('changed');
  await expect(change).toContainText(companyFacts(402).email);
  await expect(change).toContainText(companyFacts(502).email);
  await expect(page.getByTestId('monitor-run').getByText('run now')).toBeVisible();
  await shootStep(page, 'monitor-changes');

  // The row's whole history: its first values, then the email change.
  await change.getByRole('button', { name: 'History of mon-1' }).click();
  const history = page.getByRole('dialog', { name: 'History of row mon-1' });
  await expect(history.getByTestId('history-row')).toHaveCount(2);
  await expect(history.getByTestId('history-row').first()).toContainText('new');
  await expect(history.getByTestId('history-row').last()).toContainText(companyFacts(502).email);
  await shootStep(page, 'monitor-row-history');
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  // Settings: alert only on email changes, saved with only what changed.
  const save = page.getByRole('button', { name: 'Save settings' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Only changes to some fields').check();
  await page.getByRole('checkbox', { name: 'email', exact: true }).check();
  await save.click();
  await expect(page.getByText('changes to email')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByText('every day')).toBeVisible();

  // Pause: no next run, and Resume offered.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();

  // The list shows it paused, with its last change.
  await page.getByRole('link', { name: 'Monitors', exact: true }).first().click();
  await expect(page).toHaveURL(/\/monitors$/);
  const row = page.getByTestId('monitor-list-row').filter({ hasText: 'Supplier emails' });
  await expect(row).toContainText('Paused');
  await expect(row).toContainText('every day');
  await expect(row).not.toContainText('none yet');
  await shootStep(page, 'monitors-list');

  // The run's batch names its monitor.
  await page.getByRole('link', { name: 'Supplier emails' }).click();
  await latest.getByRole('link', { name: /^batch / }).click();
  await expect(page.getByTestId('monitor-link')).toContainText('Supplier emails');

  // Deleted: gone from the list; the batch stays.
  const batchUrl = page.url();
  await page.getByTestId('monitor-link').getByRole('link').click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this monitor?' })
    .getByRole('button', { name: 'Delete monitor' })
    .click();
  await expect(page).toHaveURL(/\/monitors$/);
  await expect(page.getByTestId('monitor-list-row').filter({ hasText: 'Supplier emails' })).toHaveCount(0);
  await page.goto(batchUrl);
  await expect(page.getByText('completed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('monitor-link')).toHaveCount(0);
});
