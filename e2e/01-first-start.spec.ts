import { expect, test } from './support/test';

// A fresh data directory and no configuration at all: the dashboard opens on the built-in engine.
test('first start: a browser at / lands on an empty task list, connected to the built-in engine', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByText('No tasks yet')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveText('connected');
  await expect(page.getByRole('link', { name: /Built-in engine/ })).toBeVisible();
});

test('GET / still answers the health envelope to API clients', async ({ request }) => {
  const res = await request.get('/', { headers: { accept: 'application/json' } });
  expect(res.status()).toBe(200);
  expect((await res.json()).status).toBe('success');
});
