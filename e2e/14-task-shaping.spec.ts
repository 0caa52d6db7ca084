import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createTaskViaApi } from './support/engine-api';
import { engineKey } from './support/env';
import { shootStep } from './support/shots';

// Shaping a task in the dashboard: the field editor (add, rename, retype, reorder, remove; each save a
// version with its summary; a stale save refused), the edit preview (a diff before anything is stored;
// Cancel keeps the task, Apply makes a version, a refused instruction changes nothing), renaming the
// task and handing the name back to the fields, archive and restore (the list and the batch wizard
// follow), and the duplicate-create guard.
test.describe.configure({ mode: 'serial' });

const DESCRIPTION = 'Find the contact email address and phone number of a company website';

let page: Page;
let taskId: string;

const api = (request: APIRequestContext) => ({
  task: async () =>
    (
      (await (
        await request.get(`/v0.1/tasks/${taskId}`, { headers: { 'x-api-key': engineKey() } })
      ).json()) as { data: { name: string; max_version: number; outputs: { name: string; type: string }[] } }
    ).data,
  tasks: async () =>
    (
      (await (await request.get('/v0.1/tasks', { headers: { 'x-api-key': engineKey() } })).json()) as {
        data: { id: string; description: string }[];
      }
    ).data,
});

const field = (n: number) => page.getByTestId(`field-${n}`);
const versionCount = () => page.getByText(/^of \d+ ·/);

test.beforeAll(async ({ browser, request }) => {
  // A context of our own: axe needs one (browser.newPage() makes an implicit one it cannot use).
  page = await (await browser.newContext()).newPage();
  taskId = await createTaskViaApi(request, DESCRIPTION);
});
test.afterAll(async () => {
  await page.context().close();
});

test('the field editor adds, renames, retypes, reorders and removes fields, saved as version 2', async ({
  request,
}) => {
  const before = await api(request).task();
  const names = before.outputs.map((o) => o.name);
  expect(names).toEqual(expect.arrayContaining(['email', 'phone']));
  await page.goto(`/tasks/${taskId}`);
  await page.getByRole('tab', { name: 'Fields' }).click();
  const count = names.length;
  await expect(page.locator('[data-testid^="field-"]')).toHaveCount(count);
  const emailAt = names.indexOf('email') + 1;
  const phoneAt = names.indexOf('phone') + 1;

  // Rename: the row says what it was renamed from.
  await field(emailAt).getByLabel('Name', { exact: true }).fill('contact_email');
  await expect(field(emailAt)).toContainText('renamed from email');
  // Retype: a list of phone numbers.
  await field(phoneAt).getByLabel('Type').selectOption({ label: 'List of …' });
  await field(phoneAt).getByLabel('Each item').selectOption({ label: 'Phone' });
  await field(phoneAt).getByLabel('Formatting').fill('international format');

  // Add a field: the name is checked as you type.
  await page.getByRole('button', { name: 'Add field' }).click();
  const added = field(count + 1);
  await added.getByLabel('Name', { exact: true }).fill('Founded Year');
  await expect(added.getByText(/Use snake_case.*founded_year/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review changes' })).toBeDisabled();
  await added.getByLabel('Name', { exact: true }).fill('founded_year');
  await added.getByLabel('Type').selectOption({ label: 'Number' });
  await added.getByLabel('Question').fill('the year the company was founded');

  // Add another and remove it again.
  await page.getByRole('button', { name: 'Add field' }).click();
  await field(count + 2)
    .getByLabel('Name', { exact: true })
    .fill('fax_number');
  await page.getByRole('button', { name: 'Remove fax_number' }).click();
  await expect(page.locator('[data-testid^="field-"]')).toHaveCount(count + 1);

  // Reorder with the keyboard: founded_year to the top.
  for (let i = count; i > 0; i--) {
    await page.getByRole('button', { name: 'Move founded_year up' }).focus();
    await page.keyboard.press('Enter');
  }
  await expect(field(1).getByLabel('Name', { exact: true })).toHaveValue('founded_year');
  await expect(page.getByRole('button', { name: 'Move founded_year up' })).toBeDisabled();

  await page.getByRole('button', { name: 'Review changes' }).click();
  const review = page.getByRole('region', { name: /Save as version 2/ });
  await expect(review).toBeVisible();
  const table = review.getByRole('table', { name: 'Field changes' });
  await expect(table.getByRole('row').filter({ hasText: 'founded_year' })).toContainText('added');
  await expect(table.getByRole('row').filter({ hasText: 'contact_email' })).toContainText('renamed');
  await expect(table.getByRole('row').filter({ hasText: 'phone' }).last()).toContainText('List of Phone');
  await shootStep(page, 'task-field-editor');
  await review.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Version 2 saved' })).toBeVisible();
  await expect(page.getByTestId('version-row-2')).toContainText('live');
  const after = await api(request).task();
  expect(after.max_version).toBe(2);
  expect(after.outputs.map((o) => o.name)).toEqual([
    'founded_year',
    ...names.map((n) => (n === 'email' ? 'contact_email' : n)),
  ]);
  expect(after.outputs.find((o) => o.name === 'phone')?.type).toBe('list');
});

test('removing a stored field saves version 3; a save over a newer version is refused', async ({
  request,
  expectConsoleError,
}) => {
  await page.getByRole('tab', { name: 'Fields' }).click();
  await page.getByRole('button', { name: 'Remove phone' }).click();
  await page.getByRole('button', { name: 'Review changes' }).click();
  const review = page.getByRole('region', { name: /Save as version 3/ });
  await expect(review.locator('tr[data-diff="removed"]')).toContainText('phone');
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 3 saved' })).toBeVisible();

  // Someone else edits the task while the editor is open.
  await page.getByRole('tab', { name: 'Fields' }).click();
  await field(1).getByLabel('Question').fill('the year the company was founded, as four digits');
  const res = await request.patch(`/v0.1/tasks/${taskId}`, {
    headers: { 'x-api-key': engineKey() },
    data: { instruction: 'add the LinkedIn profile URL' },
  });
  expect(res.status()).toBe(200);
  expectConsoleError(/status of 409/);
  await page.getByRole('button', { name: 'Review changes' }).click();
  const stale = page.getByText('This task changed since you opened it');
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(stale.or(confirm)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(stale).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Name', { exact: true }).last()).toHaveValue(/linkedin/);
  expect((await api(request).task()).max_version).toBe(4);
});

test('the edit preview shows the planned diff; Cancel keeps the task, Apply makes a version', async ({
  request,
  expectConsoleError,
}) => {
  // A task of its own, so the instruction adds a field the planner does not already see.
  const otherId = await createTaskViaApi(
    request,
    'Find the CEO, founding year and headquarters address of a company',
  );
  const versions = async () =>
    (
      (await (
        await request.get(`/v0.1/tasks/${otherId}`, { headers: { 'x-api-key': engineKey() } })
      ).json()) as {
        data: { max_version: number };
      }
    ).data.max_version;
  await page.goto(`/tasks/${otherId}`);
  await page.getByRole('tab', { name: 'Edit' }).click();
  await page.getByLabel('Instruction').fill('add the LinkedIn profile URL');
  await page.getByRole('button', { name: 'Preview change' }).click();
  const planned = page.getByRole('region', { name: /Planned change/ });
  await expect(planned.locator('tr[data-diff="added"]')).toContainText(/linkedin/i);
  await expect(planned).toContainText('Shape: single: one answer per website');
  await planned.getByRole('button', { name: 'Cancel' }).click();
  await expect(planned).toBeHidden();
  expect(await versions()).toBe(1);

  await page.getByRole('button', { name: 'Preview change' }).click();
  await expect(planned.locator('tr[data-diff="added"]')).toContainText(/linkedin/i);
  await shootStep(page, 'task-edit-preview');
  await planned.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 2 created' })).toBeVisible();
  await expect(page.getByTestId('version-row-2')).toContainText('add the LinkedIn profile URL');

  // An instruction the planner cannot read is refused with its message; nothing is stored.
  expectConsoleError(/status of 400/);
  await page.getByRole('tab', { name: 'Edit' }).click();
  await page.getByLabel('Instruction').fill('zorp blag quux');
  await page.getByRole('button', { name: 'Preview change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The instruction was not applied' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Planned change/ })).toHaveCount(0);
  expect(await versions()).toBe(2);
  await expect(versionCount()).toContainText('of 2');
});

test('rename the task, then let the name follow the fields again', async ({ request }) => {
  await page.goto(`/tasks/${taskId}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(page.getByText('Name follows fields')).toBeVisible();
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('Task name').fill('Company contact sheet');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(heading).toHaveText('Company contact sheet');
  await expect(page.getByText('Named by you')).toBeVisible();
  expect((await api(request).task()).name).toBe('Company contact sheet');

  await page.getByRole('button', { name: 'Let the name follow the fields' }).click();
  await expect(page.getByText('Name follows fields')).toBeVisible();
  await expect(heading).not.toHaveText('Company contact sheet');
});

test('archive hides the task from the list and the batch wizard; restore brings it back', async () => {
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Archive/ });
  await expect(dialog).toContainText('Its runs and batches are kept');
  await dialog.getByRole('button', { name: 'Archive task' }).click();
  await expect(page.getByRole('note')).toContainText('Archived');

  await page.goto('/tasks');
  await expect(page.getByRole('table', { name: 'Tasks' }).or(page.getByText('No tasks yet'))).toBeVisible();
  // By id: other specs make tasks with the same fields, hence the same name.
  const link = `a[href="/tasks/${encodeURIComponent(taskId)}"]`;
  await expect(page.locator(link)).toHaveCount(0);
  await page.goto('/batches/new');
  const choose = page.getByLabel('Task', { exact: true });
  await expect(choose.locator('option')).not.toHaveCount(0);
  await expect(choose.locator(`option[value="${taskId}"]`)).toHaveCount(0);

  await page.goto('/tasks');
  await page.getByRole('button', { name: 'Archived' }).click();
  const archived = page.getByRole('table', { name: 'Archived tasks' });
  await expect(archived.locator(link)).toBeVisible();
  await shootStep(page, 'tasks-archived');
  await archived.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Restored “${name}”` })).toBeVisible();
  await expect(archived.locator(link)).toHaveCount(0);
  await page.getByRole('button', { name: 'Active' }).click();
  await expect(page.getByRole('table', { name: 'Tasks' }).locator(link)).toBeVisible();
  await page.goto('/batches/new');
  await expect(page.getByLabel('Task', { exact: true }).locator(`option[value="${taskId}"]`)).toHaveCount(1);
});

test('creating a task from a description a task already has asks first; a double press creates one', async ({
  request,
}) => {
  // A description of its own: other specs create tasks from DESCRIPTION too, and the guard names one.
  const same = `Find the CEO name of a company website (${Date.now()})`;
  const existingId = await createTaskViaApi(request, same);
  await page.goto('/tasks/new');
  const description = page.getByLabel('What should the task find?');
  await description.fill(`  ${same.toUpperCase().replace(/ /g, '   ')}\n`);
  const create = page.getByRole('button', { name: 'Create task' });
  await create.click();
  const notice = page.getByRole('alert').filter({ hasText: 'A task from this description already exists' });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Open it' }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${existingId}$`));

  await page.goto('/tasks/new');
  await description.fill(same);
  await create.click();
  await notice.getByRole('button', { name: 'Create another' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Created “/ })).toBeVisible();
  expect((await api(request).tasks()).filter((t) => t.description === same)).toHaveLength(2);

  const fresh = `Find the founder names of a company website (${Date.now()})`;
  await description.fill(fresh);
  await create.dblclick();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Created “/ })
      .last(),
  ).toBeVisible();
  await expect(create).toBeEnabled();
  expect((await api(request).tasks()).filter((t) => t.description === fresh)).toHaveLength(1);
});
