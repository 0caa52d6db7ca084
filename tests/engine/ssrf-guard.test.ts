import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, batchForm, jsonlFile } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// With QUARRY_ALLOW_PRIVATE_URLS off (the production default) private, loopback, link-local and
// metadata addresses are refused before any fetch.
let t: TestEngine;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_ALLOW_PRIVATE_URLS: '0' } });
  api = apiClient(t.url, t.key);
});
afterAll(() => t?.close());

const PRIVATE = [
  'http://127.0.0.1:1/',
  'http://localhost/',
  'http://10.0.0.5/',
  'http://192.168.1.1/admin',
  'http://172.16.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/',
  'http://0x7f000001/',
  'http://2130706433/',
];

describe('private addresses are refused', () => {
  const items = [{ query: 'email?', formatting: { keyword: 'email' } }];
  for (const url of PRIVATE) {
    it(`dynamic run refuses ${url}`, async () => {
      const r = await api.post('/v0.1/tasks', { json: { websiteUrl: url, variableSearchItems: items } });
      expect(r.status).toBe(400);
      expect(r.body.error.details).toMatch(
        /private|loopback|link-local|metadata|local|not allowed|reserved/i,
      );
    });
  }

  it('a task run refuses them too, and a batch row becomes a failed row', async () => {
    const created = await api.post('/v0.1/tasks/create', {
      json: { description: 'Find the contact email of a website' },
    });
    const taskId = created.body.data.task_id;
    const run = await api.post(`/v0.1/tasks/${taskId}`, { json: { inputs: ['http://127.0.0.1/'] } });
    expect(run.status).toBe(400);
    const form = batchForm(
      { task_id: taskId },
      jsonlFile([{ data_uuid: 'a', inputs: ['http://10.1.2.3/'] }]),
    );
    const batch = await api.post('/v0.1/batches', { form });
    expect(batch.status).toBe(201);
    const id = batch.body.data.batch_id;
    for (let i = 0; i < 200; i++) {
      const b = await api.get(`/v0/batches/${id}`);
      if (b.body.data.completed) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await api.get(`/v0/batches/${id}/results`);
    expect(res.body.data.data[0]).toMatchObject({ data_uuid: 'a', error_detected: true, status: 'failed' });
    expect(res.body.data.data[0].error).toMatch(/private|not allowed|reserved/i);
  });

  it('webhook addresses pointing at private hosts are refused', async () => {
    const created = await api.post('/v0.1/tasks/create', {
      json: { description: 'Find the contact email of a website' },
    });
    const form = batchForm(
      { task_id: created.body.data.task_id, webhook_url: 'http://127.0.0.1:9/hook' },
      jsonlFile([{ data_uuid: 'a', inputs: ['https://example.com/'] }]),
    );
    const r = await api.post('/v0.1/batches', { form });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toMatch(/webhook_url/);
  });
});
