import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { SITE } from './support/env';

// The task lifecycle in one browser session: create from a description, quick test, edit by
// instruction (version 2), diff, roll back to version 1, saved tests compared across versions.
test.describe.configure({ mode: 'serial' });

let page: Page;
let taskUrl: string;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
});
test.afterAll(async () => {
  await page.close();
});

test('create a task from a description and see the generated definition', async () => {
  await page.goto('/tasks');
  await page.getByRole('link', { name: 'Create your first task' }).click();
  await expect(page).toHaveURL(/\/tasks\/new$/);
  await page
    .getByLabel('What should the task find?')
    .fill('Find the company name, contact email address and phone number of a company website');
  await page.getByRole('button', { name: 'Create task' }).click();
  const outputs = page.getByRole('table', { name: 'Outputs' });
  await expect(outputs.getByRole('cell', { name: 'email', exact: true }).first()).toBeVisible();
  await expect(outputs.getByRole('cell', { name: 'phone', exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Inputs' }).getByRole('cell', { name: 'website', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Created “/ })).toBeVisible();
});

test('quick test shows values with their sources', async () => {
  await page.getByLabel('website').fill(`${SITE()}/acme/`);
  await page.getByRole('button', { name: 'Run quick test' }).click();
  const fields = page.getByRole('table', { name: 'Extracted fields' });
  await expect(fields.getByRole('cell', { name: 'hello@acme-robotics.example', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  const emailRow = fields.getByRole('row').filter({ hasText: 'hello@acme-robotics.example' });
  await expect(emailRow.getByRole('link')).toHaveAttribute('href', new RegExp(`^${SITE()}/acme/`));
  await expect(page.getByText(/elapsed \d/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pages read' })).toBeVisible();
  // Raw JSON toggle shows the wire result.
  await page.getByRole('switch', { name: 'Raw JSON' }).click();
  await expect(page.getByLabel('Raw result JSON', { exact: true })).toContainText('"data_sources"');
});

test('edit by instruction creates version 2', async () => {
  await page.getByRole('link', { name: 'Open task' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Company name, email and phone number/);
  taskUrl = page.url();
  await page.getByRole('tab', { name: 'Edit' }).click();
  await page.getByLabel('Instruction').fill('also extract the founded year');
  await page.getByRole('button', { name: 'Preview change' }).click();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 2 created' })).toBeVisible();
  await expect(page.getByTestId('version-row-2')).toContainText('live');
  await expect(page.getByTestId('version-row-2')).toContainText('also extract the founded year');
  await expect(page.getByText('live v2')).toBeVisible();
});

test('the diff shows the change between version 1 and 2', async () => {
  const diff = page.getByRole('table', { name: 'Differences between v1 and v2' });
  const added = diff.locator('tr[data-diff="added"]');
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('founded_year');
  await expect(diff.locator('tr[data-diff="removed"]')).toHaveCount(0);
});

test('roll back to version 1', async () => {
  await page.getByRole('button', { name: 'Make v1 live' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 1 is live' })).toBeVisible();
  await expect(page.getByTestId('version-row-1')).toContainText('live');
  await expect(page.getByText('live v1', { exact: true })).toBeVisible();
  // The list agrees after a reload: live 1 of 2.
  await page.goto('/tasks');
  // By description: the name follows the fields, so the edit and the rollback may have renamed it.
  const row = page.getByRole('row').filter({
    hasText: 'Find the company name, contact email address and phone number of a company website',
  });
  await expect(row).toContainText('live v1');
  await expect(row).toContainText('of 2');
});

test('saved tests run on one version and compare with another', async () => {
  await page.goto(taskUrl);
  await page.getByRole('tab', { name: 'Quick test' }).click();
  await page.getByLabel('website').fill(`${SITE()}/acme/`);
  await page.getByRole('button', { name: 'Save as test input' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as a test input' })).toBeVisible();
  await page.getByRole('tab', { name: 'Saved tests' }).click();
  await page.getByLabel('Run on').selectOption('1');
  await page.getByLabel('Compare with').selectOption('2');
  await page.getByRole('button', { name: 'Run all saved tests' }).click();
  const table = page.getByRole('table', { name: 'Saved test comparison' });
  await expect(table.getByRole('row').filter({ hasText: 'email' }).first()).toContainText('same', {
    timeout: 60_000,
  });
  await expect(table.getByRole('row').filter({ hasText: 'founded_year' })).toContainText('differs');
});
