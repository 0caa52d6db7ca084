import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

let t: TestEngine;
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine({ env: { QUARRY_RUN_TIMEOUT_MS: '700' } });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

it('a run past the task timeout answers 504 in the envelope', async () => {
  const api = apiClient(t.url, t.key);
  const items = [{ query: 'email?', formatting: { keyword: 'email' } }];
  const r = await api.post('/v0.1/tasks', {
    json: { websiteUrl: `${site.url}/slow/3000/co/1/`, variableSearchItems: items },
  });
  expect(r.status).toBe(504);
  expect(r.body).toMatchObject({ status: 'error', error: { code: 504 } });
  expect(r.body.error.details).toMatch(/batch/);
});
