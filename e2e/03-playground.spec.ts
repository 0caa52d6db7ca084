import { expect, test } from './support/test';
import { SITE } from './support/env';

test('playground: a dynamic run answers from the website, then "save as task" stores it', async ({
  page,
}) => {
  await page.goto('/playground');
  await page.getByLabel('Website').fill(`${SITE()}/acme/`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const fields = page.getByRole('table', { name: 'Extracted fields' });
  await expect(fields.getByRole('cell', { name: 'hello@acme-robotics.example', exact: true })).toBeVisible({
    timeout: 60_000,
  });

  // The /v0 shape: data_json as rows.
  await page.getByLabel('/v0', { exact: true }).check();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(
    page
      .getByRole('table', { name: 'Result rows' })
      .getByRole('cell', { name: 'hello@acme-robotics.example', exact: true }),
  ).toBeVisible({
    timeout: 60_000,
  });

  await page.getByRole('button', { name: 'Save as task' }).click();
  await expect(page).toHaveURL(/\/tasks\/task_/);
  const outputs = page.getByRole('table', { name: 'Outputs' });
  await expect(outputs.getByRole('cell', { name: /email/ }).first()).toBeVisible();
  await expect(outputs.getByRole('cell', { name: /phone/ }).first()).toBeVisible();
});

test('fields stay read-only until the page listens, so nothing typed early is lost', async ({ page }) => {
  // Hold the page's scripts back: the server-rendered form is on screen, React is not yet listening.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/playground', { waitUntil: 'domcontentloaded' });
  const website = page.getByLabel('Website');
  await expect(website).toBeVisible();
  await expect(website).not.toBeEditable();
  await expect(page.getByRole('textbox', { name: 'Query 1' })).not.toBeEditable();
  await expect(page.getByLabel('Format 1')).toBeDisabled();
  release();
  // fill() waits until the field is editable, i.e. until React has hydrated it.
  await website.fill(`${SITE()}/acme/`);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
});
