import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { createTaskViaApi } from './support/engine-api';
import { engineKey } from './support/env';

// The stored key is added server-side by the proxy; nothing the browser receives may contain it.
test('no API key in any HTML page, JavaScript chunk or /api response the browser receives', async ({
  page,
  request,
}) => {
  const key = engineKey();
  const taskId = await createTaskViaApi(request, 'Find the contact email address of a company website');
  const bodies: { url: string; body: string }[] = [];
  page.on('response', async (res) => {
    if (!res.url().startsWith('http://127.0.0.1')) return;
    try {
      bodies.push({ url: res.url(), body: (await res.body()).toString('utf8') });
    } catch {
      /* redirects and aborted requests have no body */
    }
  });

  for (const p of [
    '/tasks',
    '/tasks/new',
    `/tasks/${taskId}`,
    '/batches',
    '/playground',
    '/settings',
    '/api-reference',
  ]) {
    await page.goto(p);
    await page.waitForLoadState('networkidle');
  }
  // Every settings answer, including the revealed webhook secret and the masked upstream key.
  for (const p of [
    '/api/settings/upstream',
    '/api/settings/keys',
    '/api/settings/provider',
    '/api/settings/webhook-secret?reveal=1',
    '/api/connection',
    '/api/session',
  ]) {
    const res = await page.request.get(p);
    bodies.push({ url: p, body: await res.text() });
  }

  expect(bodies.some((b) => b.url.includes('/_next/static/'))).toBe(true);
  expect(bodies.some((b) => b.url.includes('/api/upstream/'))).toBe(true);
  const leaks = bodies.filter((b) => b.body.includes(key)).map((b) => b.url);
  expect(leaks).toEqual([]);

  // And every built client chunk, whether or not this visit loaded it.
  const staticDir = path.join(process.cwd(), '.next', 'static');
  const files = fs
    .readdirSync(staticDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files)
    expect(fs.readFileSync(path.join(staticDir, f), 'utf8').includes(key), f).toBe(false);
});
