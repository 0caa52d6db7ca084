import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createTaskViaApi } from './support/engine-api';
import { engineKey, PASSWORD, SIGNIN_URL, SITE } from './support/env';

// Every page of the dashboard opened by a new user in a clean session (a fresh browser context per
// test, so a full load and hydration each time): the fixture in ./support/test fails any test during
// which the page logs a console error or throws, which is how a 404 for the icon or a server/client
// hydration mismatch (React #418) shows. Each page waits for its data so what renders from it counts.

let taskId = '';
let batchId = '';
let monitorId = '';

test.beforeAll(async ({ request }) => {
  taskId = await createTaskViaApi(request, 'Find the contact email address of a company website');
  const rows = [1, 2].map((n) => JSON.stringify({ data_uuid: `clean-${n}`, inputs: [`${SITE()}/co/${n}/`] }));
  const res = await request.post('/v0.1/batches', {
    headers: { 'x-api-key': engineKey() },
    multipart: {
      task_id: taskId,
      batch_name: 'Clean console',
      batch_input_data: {
        name: 'rows.jsonl',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from(rows.join('\n') + '\n'),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  batchId = ((await res.json()) as { data: { batch_id: string } }).data.batch_id;
  const monitor = await request.post('/v0.1/monitors', {
    headers: { 'x-api-key': engineKey() },
    data: {
      task_id: taskId,
      name: 'Clean monitor',
      from_batch_id: batchId,
      schedule: { kind: 'interval', seconds: 86_400 },
    },
  });
  expect(monitor.status(), await monitor.text()).toBe(201);
  monitorId = ((await monitor.json()) as { data: { monitor_id: string } }).data.monitor_id;
});

interface PageCase {
  name: string;
  path: () => string;
  ready: (page: Page) => Promise<void>;
}

const connected = (p: Page) => expect(p.getByTestId('connection-state')).toHaveText('connected');

const PAGES: PageCase[] = [
  {
    name: 'tasks list',
    path: () => '/tasks',
    ready: (p) => expect(p.locator(`main a[href="/tasks/${taskId}"]`)).toBeVisible(),
  },
  {
    name: 'new task',
    path: () => '/tasks/new',
    ready: (p) => expect(p.getByLabel('What should the task find?')).toBeVisible(),
  },
  {
    name: 'a task',
    path: () => `/tasks/${taskId}`,
    ready: (p) => expect(p.getByRole('table', { name: 'Outputs' })).toBeVisible(),
  },
  {
    name: 'playground',
    path: () => '/playground',
    ready: (p) => expect(p.getByLabel('Website')).toBeVisible(),
  },
  {
    name: 'batches list',
    path: () => '/batches',
    ready: (p) => expect(p.locator(`main a[href="/batches/${batchId}"]`)).toBeVisible(),
  },
  {
    name: 'new batch',
    path: () => `/batches/new?task=${taskId}`,
    ready: (p) => expect(p.getByLabel('Task', { exact: true })).toHaveValue(taskId),
  },
  {
    name: 'a batch',
    path: () => `/batches/${batchId}`,
    ready: (p) => expect(p.getByRole('heading', { name: 'Clean console', level: 1 })).toBeVisible(),
  },
  {
    name: 'monitors list',
    path: () => '/monitors',
    ready: (p) => expect(p.locator(`main a[href="/monitors/${monitorId}"]`)).toBeVisible(),
  },
  {
    name: 'a monitor',
    path: () => `/monitors/${monitorId}`,
    ready: (p) => expect(p.getByRole('heading', { name: 'Clean monitor', level: 1 })).toBeVisible(),
  },
  {
    name: 'settings',
    path: () => '/settings',
    ready: (p) => expect(p.getByRole('table', { name: 'API keys' })).toBeVisible(),
  },
  {
    name: 'API reference',
    path: () => '/api-reference',
    ready: (p) => expect(p.getByRole('heading', { name: 'Extensions', level: 2 })).toBeVisible(),
  },
];

for (const c of PAGES) {
  test(`${c.name}: no console or page error in a clean session, and the icon is served`, async ({ page }) => {
    await page.goto(c.path());
    await c.ready(page);
    await connected(page);
    await expectIconServed(page);
  });
}

// The race behind React #418 seen in ordinary use, made certain: the page's own script arrives only
// after the header (hydrated first, outside the page's Suspense boundary) has its connection check
// answered, so the page hydrates with that query already in the cache. Its "API call" snippet reads
// the same query; the server rendered it without data, and so must the first render in the browser.
const RACES = [
  // Text found only in the script of the page's component, to know which one to hold back.
  { name: 'tasks list', path: '/tasks', marker: 'Reusable research tasks' },
  { name: 'playground', path: '/playground', marker: 'Save as task' },
];
for (const r of RACES) {
  test(`${r.name}: hydrates cleanly when the header's connection check answers first`, async ({ page }) => {
    let held = 0;
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(r.marker)) {
        held++;
        await page
          .getByTestId('connection-state')
          .filter({ hasText: /^connected$/ })
          .waitFor();
      }
      await route.fulfill({ response, body });
    });
    await page.goto(r.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('API call:').first()).toBeVisible();
    expect(held, 'the page script was found and held back').toBeGreaterThan(0);
  });
}

test('404 page: no console or page error beyond the page’s own 404', async ({ page, expectConsoleError }) => {
  // The document itself answers 404, which Chromium reports as a failed resource: that one is the point.
  expectConsoleError(/Failed to load resource: the server responded with a status of 404.*\/no-such-page/);
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/could not be found|not found/i).first()).toBeVisible();
  await expectIconServed(page);
});

test('sign-in page on the password server: no console or page error, through signing in', async ({
  page,
}) => {
  await page.goto(`${SIGNIN_URL()}/tasks`);
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByLabel('Dashboard password')).toBeVisible();
  await expectIconServed(page);
  await page.getByLabel('Dashboard password').fill(PASSWORD());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await connected(page);
});

// The icon the page declares answers 200 as an image: with none declared Chromium asks for
// /favicon.ico, which 404s and logs a console error on every page.
async function expectIconServed(page: Page) {
  const href = await page.locator('head link[rel="icon"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(new URL(href!, page.url()).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\//);
}
