import fs from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { companyFacts } from '../tests/fixtures/site/server';
import { startWebhookReceiver } from '../tests/support/webhook-receiver';
import { createTaskViaApi } from './support/engine-api';
import { engineKey, SITE } from './support/env';
import { shootStep } from './support/shots';

// Batches end to end in one browser session: upload a CSV with a bad row → pre-flight → launch →
// live completion → downloads checked against the fixture site → webhook set/changed/cleared with
// signed deliveries → retry failed rows → re-run on another version and compare. Every step is
// screenshotted light and dark and checked with axe.
test.describe.configure({ mode: 'serial' });

let page: Page;
let taskId: string;
let firstBatchUrl: string;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let hook2: Awaited<ReturnType<typeof startWebhookReceiver>>;
const GOOD = [1, 2, 3, 4];

test.beforeAll(async ({ browser, request }) => {
  // A context of our own: axe needs one (browser.newPage() makes an implicit one it cannot use).
  page = await (await browser.newContext()).newPage();
  hook = await startWebhookReceiver();
  hook2 = await startWebhookReceiver();
  taskId = await createTaskViaApi(
    request,
    'Find the contact email address and phone number of a company website',
  );
});
test.afterAll(async () => {
  await page.context().close();
  await hook.close();
  await hook2.close();
});

async function chooseTaskAndFile(file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto(`/batches/new?task=${taskId}`);
  await expect(page.getByLabel('Task', { exact: true })).toHaveValue(taskId);
  await page.getByLabel('Batch input file').setInputFiles(file);
}

async function savedText(d: Download): Promise<Buffer> {
  return fs.readFileSync((await d.path())!);
}

function csvFixture(): string {
  // Sheet row 4 (index 2) is not a URL: refused before launch. Row 7 answers 404: it runs and fails.
  const rows = [
    ['data_uuid', 'Company Website'],
    ...GOOD.slice(0, 2).map((n) => [`co-${n}`, `${SITE()}/slow/400/co/${n}/`]),
    ['bad-1', 'not a url'],
    ...GOOD.slice(2).map((n) => [`co-${n}`, `${SITE()}/slow/400/co/${n}/`]),
    ['gone-1', `${SITE()}/status/404`],
  ];
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}

test('upload a CSV: columns auto-mapped, pre-flight lists the bad row (browser and engine)', async () => {
  await chooseTaskAndFile({ name: 'companies.csv', mimeType: 'text/csv', buffer: Buffer.from(csvFixture()) });
  await expect(page.getByTestId('parse-summary')).toContainText('6 rows');
  await expect(page.getByLabel('Column for website')).toHaveValue('Company Website');
  await expect(page.getByLabel('Column for data_uuid')).toHaveValue('data_uuid');
  await expect(page.getByTestId('preflight-rows')).toHaveText('6');
  const bad = page.getByTestId('bad-row-2');
  await expect(bad).toContainText('is not a URL');
  await expect(bad).toContainText('browser');
  await expect(bad).toContainText('engine');
  await expect(page.getByTestId('engine-check')).toHaveText('1');
  await expect(page.getByRole('table', { name: 'Preview' }).getByRole('row')).toHaveCount(7);
  // The bad rows download as CSV.
  const dl = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Bad rows as CSV' }).click();
  const badCsv = (await savedText(await dl)).toString('utf8');
  expect(badCsv).toContain('4,2,'); // sheet row 4: the header is row 1
  await shootStep(page, 'batch-new-preflight');
});

test('launch: progress reaches completion live, with the rows table and counts', async () => {
  await page.getByLabel('Batch name').fill('E2E companies');
  await page.getByLabel('Webhook URL').fill(hook.url);
  await page.getByRole('button', { name: /Launch 5 rows/ }).click();
  await expect(page).toHaveURL(/\/batches\/batch_/);
  firstBatchUrl = page.url();
  await expect(page.getByRole('status').filter({ hasText: 'Batch launched' })).toBeVisible();
  // The finish toast shows for 4 s, up to 5 s after the batch finishes (the notifier's poll), while
  // the screenshots below take 3-7 s and a 5-row batch finishes in under a second: watch for it from
  // now on, or it may come and go during them.
  const finishToast = expect(
    page.getByRole('status').filter({ hasText: 'Batch finished: E2E companies' }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('E2E companies');
  await shootStep(page, 'batch-running');
  // No reload: the page follows the events stream (or polling) to the end.
  await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('count-succeeded')).toHaveText('4');
  await expect(page.getByTestId('count-failed')).toHaveText('1');
  await expect(page.getByTestId('count-pending')).toHaveText('0');
  await finishToast;
  const rows = page.getByTestId('batch-row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(4)).toContainText('failed');
  await page.getByRole('button', { name: /^Failed/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('gone-1');
  await page.getByRole('button', { name: /^All/ }).click();
  await shootStep(page, 'batch-completed');
});

test('download CSV and XLSX: row by row, the fixture site’s facts', async () => {
  const csvDl = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV' }).click();
  const csv = (await savedText(await csvDl)).toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  // Every uploaded row, the one refused before launch included, in the file's order.
  expect(parsed.map((r) => r.data_uuid)).toEqual(['co-1', 'co-2', 'bad-1', 'co-3', 'co-4', 'gone-1']);
  expect(parsed[2]).toMatchObject({ 'Company Website': 'not a url', status: 'refused' });
  const ran = parsed.filter((r) => r.status !== 'refused');
  for (const [i, n] of GOOD.entries()) {
    const row = ran[i]!;
    const facts = companyFacts(n);
    expect(row.status).toBe('succeeded');
    expect(row.email).toBe(facts.email);
    expect(row.phone?.replace(/\D/g, '')).toContain(facts.phone.replace(/\D/g, '').slice(-10));
  }
  expect(ran[4]).toMatchObject({ status: 'failed' });
  expect(ran[4]!.error).not.toBe('');

  const xlsxDl = page.waitForEvent('download');
  await page.getByRole('link', { name: 'XLSX' }).click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await savedText(await xlsxDl)) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const col = (name: string) => header.indexOf(name) + 1;
  expect(sheet.actualRowCount).toBe(7);
  for (const [i, n] of GOOD.entries()) {
    const r = sheet.getRow(i + 2 + (i >= 2 ? 1 : 0)); // sheet row 4 is the refused one
    expect(String(r.getCell(col('data_uuid')).value)).toBe(`co-${n}`);
    expect(String(r.getCell(col('email')).value)).toBe(companyFacts(n).email);
  }
});

test('webhook: the delivery arrived signed; change it, send again, clear it; redeliver', async () => {
  await expect.poll(() => hook.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const first = hook.received[0]!;
  expect(first.headers['webhook-id']).toBeTruthy();
  expect(first.headers['webhook-timestamp']).toMatch(/^\d+$/);
  expect(first.headers['webhook-signature']).toMatch(/^v1,/);
  expect(first.json.data).toHaveLength(5);

  await page.getByRole('tab', { name: 'Webhook' }).click();
  await expect(page.getByTestId('delivery-row').first()).toContainText('delivered');
  await expect(page.getByTestId('attempt-status').first()).toHaveText('200');
  await page.getByLabel(/Webhook URL/).fill(hook2.url);
  await page.getByRole('button', { name: 'Save webhook' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Webhook address set' })).toBeVisible();
  await page.getByRole('button', { name: 'Send results now' }).click();
  await expect.poll(() => hook2.received.length, { timeout: 30_000 }).toBe(1);
  expect(hook2.received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
  await expect(page.getByTestId('delivery-row')).toHaveCount(2);

  await page.getByTestId('delivery-row').last().getByRole('button', { name: 'Redeliver' }).click();
  await expect.poll(() => hook.received.length, { timeout: 30_000 }).toBe(2);
  await shootStep(page, 'batch-webhook');

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Webhook address cleared' })).toBeVisible();
  await expect(page.getByText('none set')).toBeVisible();
  const res = await page.request.get(`/v0/batches/${firstBatchUrl.split('/').pop()}`, {
    headers: { 'x-api-key': engineKey() },
  });
  expect((await res.json()).data.webhook_url).toBe('');
});

test('retry failed rows: a child batch with only the failed row, linked both ways', async () => {
  await page.goto(firstBatchUrl);
  await page.getByRole('button', { name: 'Retry 1 failed' }).click();
  await expect(page).not.toHaveURL(firstBatchUrl);
  await expect(page.getByTestId('parent-link')).toContainText('retry of batch_');
  await expect(page.getByTestId('count-total')).toHaveText('1');
  await expect(page.getByTestId('batch-row')).toHaveCount(1);
  await expect(page.getByTestId('batch-row').first()).toContainText('gone-1');
  await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.goto(firstBatchUrl);
  await expect(page.getByText(/Made from this batch/)).toContainText('retry of failed rows');
});

test('re-run on another version and see the per-field comparison', async ({ request }) => {
  const edit = await request.patch(`/v0.1/tasks/${taskId}`, {
    headers: { 'x-api-key': engineKey() },
    data: { instruction: 'also extract the founded year' },
  });
  expect(edit.status()).toBe(200);
  await page.goto(firstBatchUrl);
  await page.getByRole('tab', { name: 'Re-run & compare' }).click();
  await page.getByLabel('Re-run on version').selectOption('2');
  await page.getByRole('button', { name: 'Re-run', exact: true }).click();
  await expect(page.getByTestId('parent-link')).toContainText('re-run of batch_');
  await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Re-run & compare' }).click();
  const table = page.getByRole('table', { name: 'Field comparison' });
  await expect(table.locator('tr[data-diff="differs"]').filter({ hasText: 'founded_year' })).toBeVisible();
  await expect(table.locator('tr').filter({ hasText: 'email' })).toHaveAttribute('data-diff', 'same');
  await shootStep(page, 'batch-compare');
});

test('the batches list shows them with progress, filters and pages', async () => {
  await page.goto('/batches');
  await expect(page.getByTestId('batch-list-row').first()).toBeVisible();
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await page.getByLabel('Status').selectOption('COMPLETED');
  await expect(page.getByTestId('batch-list-row').filter({ hasText: 'E2E companies' }).first()).toBeVisible();
  await page.getByLabel('Status').selectOption('CANCELLED');
  await expect(page.getByText('No batches match these filters')).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  await shootStep(page, 'batches-list');
});
