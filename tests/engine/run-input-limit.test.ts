import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_CHARS } from '@/lib/contract/row-limits';
import { startFixtureSite, FACTS, type FixtureSite } from '../fixtures/site/server';
import { apiClient, createContactTask } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Security review (issue 27): the run endpoint took a 100,000-character input while quick test and
// dynamic run refused 2,049. Every run path now holds inputs to the batch rows' limit, one constant.
let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;
let taskId: string;

beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine();
  api = apiClient(t.url, t.key);
  taskId = await createContactTask(api);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

/** A fixture-site address padded with a query string to exactly `length` characters. */
const urlOfLength = (length: number) => {
  const base = `${site.url}${FACTS.acme.path}?pad=`;
  return base + 'x'.repeat(length - base.length);
};
const LIMIT_MESSAGE = /an input may be at most 2,048 characters/;

describe('one input-length limit on every run path', () => {
  it('the limit is the batch rows’ one', () => {
    expect(MAX_INPUT_CHARS).toBe(2_048);
  });

  it('refuses a longer input with 400 and the same message on run, quick test, dynamic run and saved tests', async () => {
    const long = urlOfLength(MAX_INPUT_CHARS + 1);
    const item = { query: 'contact email', formatting: { keyword: 'email' } };
    const calls = [
      () => api.post(`/v0.1/tasks/${taskId}`, { json: { inputs: [long] } }),
      () => api.post(`/v0.1/tasks/${taskId}`, { json: { inputs: ['x'.repeat(100_000)] } }),
      () => api.post(`/v0.1/tasks/${taskId}/test`, { json: { input: long } }),
      () => api.post('/v0.1/tasks', { json: { websiteUrl: long, variableSearchItems: [item] } }),
      () => api.post('/v0/tasks', { json: { websiteUrl: long, variableSearchItems: [item] } }),
      () => api.post(`/v0.1/tasks/${taskId}/saved-tests`, { json: { inputs: [long] } }),
    ];
    for (const call of calls) {
      const r = await call();
      expect(r.status, r.text).toBe(400);
      expect(r.body.error.details).toMatch(LIMIT_MESSAGE);
    }
  });

  it('accepts an input of exactly the limit on the run endpoint', async () => {
    const r = await api.post(`/v0.1/tasks/${taskId}`, { json: { inputs: [urlOfLength(MAX_INPUT_CHARS)] } });
    expect(r.status, r.text).toBe(200);
  });
});
