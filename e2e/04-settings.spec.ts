import { expect, test } from './support/test';

test.describe.configure({ mode: 'serial' });

test('create a key (shown once) and revoke it', async ({ page }) => {
  // A name of its own per attempt, so a retry is not confused by the key an earlier attempt created.
  const name = `e2e key ${Date.now().toString(36)}`;
  await page.goto('/settings');
  await page.getByLabel('New key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByLabel('New API key', { exact: true });
  await expect(shown).toContainText(/qk_/);
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText('active');
  // The key itself is in no list: only its id.
  await expect(page.getByRole('table', { name: 'API keys' })).not.toContainText(
    (await shown.textContent())!.trim(),
  );
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toHaveCount(0);

  page.once('dialog', (d) => d.accept());
  await row.getByRole('button', { name: `Revoke key ${name}` }).click();
  await expect(row).toContainText('revoked');
  // The dashboard's own key cannot be revoked from here.
  await expect(
    page.getByTestId('api-key-row').filter({ hasText: 'used by the dashboard' }).getByRole('button'),
  ).toHaveCount(0);
});

test('test connection reports a working upstream', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connection works' })).toBeVisible();
  await expect(page.getByTestId('connection-message')).toHaveText('Connected: the key is valid');
});

test('a wrong upstream key gives a clear error, and resetting restores the connection', async ({
  page,
  expectConsoleError,
}) => {
  // The tasks page's reads through the proxy (its list, and the capabilities that say which task
  // extensions the upstream offers) answer the upstream's 401 on purpose (the wrong key), and
  // Chromium logs every failed fetch as a console error.
  expectConsoleError(
    /Failed to load resource: the server responded with a status of 401 .*\/api\/upstream\/v0\.1\/(tasks|capabilities):/,
  );
  await page.goto('/settings');
  await page.getByRole('textbox', { name: /^API key/ }).fill('qk_this-key-does-not-exist-anywhere-0000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Upstream saved' })).toBeVisible();
  await expect(page.getByText('saved in settings')).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Connection failed' })).toContainText(
    'rejected the API key',
  );
  await expect(page.getByTestId('connection-state')).toHaveText('not connected');

  // Pages that read from the upstream show the envelope's message.
  await page.goto('/tasks');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid API key' })).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(page.getByText('built-in engine', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-message')).toHaveText('Connected: the key is valid');
});

test('the webhook secret is masked until revealed', async ({ page }) => {
  await page.goto('/settings');
  const secret = page.getByLabel('Webhook secret value', { exact: true });
  await expect(secret).toContainText('••••');
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(secret).toContainText(/^whsec_/);
});

test('mutating dashboard routes refuse cross-site requests', async ({ request }) => {
  const res = await request.post('/api/settings/keys', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    data: { name: 'x' },
  });
  expect(res.status()).toBe(403);
  const proxied = await request.post('/api/upstream/v0.1/tasks/create', {
    headers: { origin: 'https://evil.example' },
    data: { description: 'x' },
  });
  expect(proxied.status()).toBe(403);
});

test('the audit log lists key and settings changes, newest first', async ({ page }) => {
  await page.goto('/settings');
  const log = page.getByRole('table', { name: 'Audit log' });
  // Earlier tests in this file created and revoked "e2e key", saved and reset the upstream.
  await expect(log).toContainText('API key created');
  await expect(log).toContainText('API key revoked');
  await expect(log).toContainText('Upstream changed');
  await expect(log.getByRole('row').nth(1)).toContainText(/Webhook secret revealed|Upstream reset/);
});

test('dashboard pages carry a Content-Security-Policy and the usual security headers', async ({
  request,
}) => {
  const res = await request.get('/settings');
  expect(res.status()).toBe(200);
  const h = res.headers();
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['content-security-policy']).toContain("object-src 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['x-powered-by']).toBeUndefined();
});
