import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_RATE_LIMIT_PER_MIN: '5' } });
});
afterAll(() => t?.close());

it('a key past its per-minute allowance gets 429 with Retry-After, in the envelope', async () => {
  const api = apiClient(t.url, t.key);
  for (let i = 0; i < 5; i++) expect((await api.get('/v0/tasks')).status).toBe(200);
  const limited = await api.get('/v0.1/tasks');
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(limited.body).toMatchObject({ status: 'error', data: {}, error: { code: 429 } });
  expect(limited.body.request_id).toMatch(/^req_/);
  // Unauthenticated probes are not counted against anyone's key.
  expect((await api.get('/', { key: null })).status).toBe(200);
});
