import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { companyFacts } from '../tests/fixtures/site/server';
import { createTaskViaApi } from './support/engine-api';
import { SITE } from './support/env';
import { shootStep } from './support/shots';

// Issue 31, round trip: a CSV and an XLSX with the analyst's extra columns, a blank row, a multi-line
// cell, a quoted comma and a bad row go through the dashboard (drop → map → pre-flight → launch), and
// the CSV and XLSX downloads give back every row in order, cell by cell, refused rows with their
// reason; the "Sources and confidence" checkbox adds the source columns.
test.describe.configure({ mode: 'serial' });

let page: Page;
let taskId: string;

test.beforeAll(async ({ browser, request }) => {
  page = await (await browser.newContext()).newPage();
  taskId = await createTaskViaApi(
    request,
    'Find the contact email address and phone number of a company website',
  );
});
test.afterAll(async () => {
  await page.context().close();
});

const co = (n: number) => `${SITE()}/co/${n}/`;
const saved = async (d: Promise<Download>) => fs.readFileSync((await (await d).path())!);

async function launch(file: { name: string; mimeType: string; buffer: Buffer }, rows: number, name: string) {
  await page.goto(`/batches/new?task=${taskId}`);
  await expect(page.getByLabel('Task', { exact: true })).toHaveValue(taskId);
  await page.getByLabel('Batch input file').setInputFiles(file);
  await expect(page.getByTestId('preflight-rows')).toHaveText(String(rows));
  await page.getByLabel('Batch name').fill(name);
  await page.getByRole('button', { name: /^Launch \d+ rows?/ }).click();
  await expect(page).toHaveURL(/\/batches\/batch_/);
  await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 60_000 });
}

async function download(label: 'CSV' | 'XLSX'): Promise<Buffer> {
  const dl = page.waitForEvent('download');
  await page.getByRole('link', { name: label, exact: true }).click();
  return saved(dl);
}

const csvRows = (buf: Buffer) =>
  Papa.parse<string[]>(buf.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

async function sheetOf(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

test('a CSV comes back with its own columns, every row in order, refused rows with their reason', async () => {
  const csv =
    [
      'Owner,Company,Website,Notes',
      `Ann,"Acme, Inc",${co(1)},"call first\r\nthen write"`,
      '',
      `Bob,Beta,not a url,plain`,
      `Cy,Gamma,${co(2)},ok`,
    ].join('\r\n') + '\r\n';
  await launch({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }, 4, 'Round trip CSV');

  const rows = csvRows(await download('CSV'));
  const header = rows[0]!;
  expect(header.slice(0, 5)).toEqual(['Owner', 'Company', 'Website', 'Notes', 'data_uuid']);
  const col = (name: string) => header.indexOf(name);
  expect(rows).toHaveLength(5);
  expect(rows[1]!.slice(0, 4)).toEqual(['Ann', 'Acme, Inc', co(1), 'call first\r\nthen write']);
  expect(rows[1]![col('email')]).toBe(companyFacts(1).email);
  expect(rows[1]![col('status')]).toBe('succeeded');
  expect([rows[2]![col('status')], rows[2]![col('error')]]).toEqual(['refused', 'empty row']);
  expect(rows[3]!.slice(0, 4)).toEqual(['Bob', 'Beta', 'not a url', 'plain']);
  expect(rows[3]![col('status')]).toBe('refused');
  expect(rows[4]!.slice(0, 4)).toEqual(['Cy', 'Gamma', co(2), 'ok']);
  expect(rows[4]![col('email')]).toBe(companyFacts(2).email);

  const sheet = await sheetOf(await download('XLSX'));
  expect(sheet.actualRowCount).toBe(5);
  expect(sheet.getRow(2).getCell(2).value).toBe('Acme, Inc');
  expect(sheet.getRow(2).getCell(4).value).toBe('call first\nthen write');
  expect(sheet.getRow(3).getCell(col('status') + 1).value).toBe('refused');
  expect(sheet.getRow(5).getCell(col('email') + 1).value).toBe(companyFacts(2).email);

  // The checkbox adds each answer's source page and confidence.
  const checkbox = page.getByLabel('Sources and confidence');
  await checkbox.check();
  const withSources = csvRows(await download('CSV'));
  const sourceCol = withSources[0]!.indexOf('email source');
  expect(sourceCol).toBeGreaterThan(withSources[0]!.indexOf('error'));
  expect(withSources[1]![sourceCol]).toContain(`/co/1/`);
  await shootStep(page, 'round-trip-downloads');
  const group = page.getByRole('group', { name: 'Download results' });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await group.screenshot({ path: path.join(process.cwd(), '.shots', `downloads-${theme}.png`) });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await checkbox.uncheck();
});

test('an XLSX comes back with its numbers, dates and links typed', async () => {
  const founded = new Date(Date.UTC(1999, 4, 17));
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Accounts');
  sheet.addRow(['ID', 'Website', 'Employees', 'Founded', 'Profile']);
  sheet.addRow(['a-1', co(3), 120, founded, { text: 'profile', hyperlink: 'https://example.com/p/1' }]);
  sheet.addRow([]);
  sheet.addRow(['a-2', 'not a url', 8, founded, 'none']);
  sheet.addRow(['a-3', co(4), 7.5, founded, 'none']);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await launch(
    {
      name: 'accounts.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    },
    4,
    'Round trip XLSX',
  );

  const out = await sheetOf(await download('XLSX'));
  const header = (out.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 5)).toEqual(['ID', 'Website', 'Employees', 'Founded', 'Profile']);
  const status = header.indexOf('status') + 1;
  const first = out.getRow(2);
  expect(first.getCell(3).value).toBe(120);
  expect(first.getCell(4).value).toEqual(founded);
  expect(first.getCell(4).numFmt).toBe('yyyy-mm-dd');
  expect(first.getCell(5).value).toMatchObject({ text: 'profile', hyperlink: 'https://example.com/p/1' });
  expect(String(first.getCell(header.indexOf('email') + 1).value)).toBe(companyFacts(3).email);
  expect(out.getRow(3).getCell(status).value).toBe('refused');
  expect(out.getRow(4).getCell(1).value).toBe('a-2');
  expect(out.getRow(4).getCell(status).value).toBe('refused');
  expect(out.getRow(5).getCell(3).value).toBe(7.5);
  expect(out.getRow(5).getCell(status).value).toBe('succeeded');

  const rows = csvRows(await download('CSV'));
  expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
    ['a-1', co(3), '120', '1999-05-17'],
    ['', '', '', ''],
    ['a-2', 'not a url', '8', '1999-05-17'],
    ['a-3', co(4), '7.5', '1999-05-17'],
  ]);
});
