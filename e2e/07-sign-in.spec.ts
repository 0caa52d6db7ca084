import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import { PASSWORD, SIGNIN_URL } from './support/env';

// A second server started with QUARRY_DASHBOARD_PASSWORD.
test.use({ baseURL: SIGNIN_URL() });

test('pages and dashboard routes require signing in; the engine API does not change', async ({
  page,
  request,
}) => {
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/sign-in/);
  const api = await request.get('/api/connection');
  expect(api.status()).toBe(401);
  expect((await request.get('/api/upstream/v0.1/tasks')).status()).toBe(401);
  // The engine keeps its own x-api-key auth, untouched by the dashboard password.
  expect((await request.get('/', { headers: { accept: 'application/json' } })).status()).toBe(200);
});

test('sign in with the password, then sign out', async ({ page, context, expectConsoleError }) => {
  // The wrong password below is answered 401 on purpose, and Chromium logs every failed fetch as a
  // console error.
  expectConsoleError(/Failed to load resource: the server responded with a status of 401 .*\/api\/session:/);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/sign-in');
    await expect(page.getByLabel('Dashboard password')).toBeVisible();
    await page.screenshot({ path: path.join(process.cwd(), 'e2e', 'screenshots', `sign-in-${theme}.png`) });
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByLabel('Dashboard password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong password' })).toBeVisible();

  await page.getByLabel('Dashboard password').fill(PASSWORD());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByTestId('connection-state')).toHaveText('connected');

  const cookie = (await context.cookies()).find((c) => c.name === 'quarry_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('failed sign-ins are throttled', async ({ request }) => {
  const headers = { origin: SIGNIN_URL(), 'x-forwarded-for': '203.0.113.77' };
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    statuses.push((await request.post('/api/session', { headers, data: { password: 'wrong' } })).status());
  }
  expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
  expect(statuses[6]).toBe(429);
  // Even the right password waits out the throttle.
  const res = await request.post('/api/session', { headers, data: { password: PASSWORD() } });
  expect(res.status()).toBe(429);
  expect(res.headers()['retry-after']).toBeTruthy();
});
