import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, batchForm, createContactTask, jsonlFile } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Security review (issue 27): the 413 of POST /webhook-test named QUARRY_MAX_UPLOAD_MB, which does
// not set its limit (a fixed 10 MB). Each 413 now names the limit the upload met.
let t: TestEngine;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_MAX_UPLOAD_MB: '0.05' } }); // 52,428 bytes
  api = apiClient(t.url, t.key);
});
afterAll(async () => t?.close());

it('POST /webhook-test over its 10 MB names its own fixed limit, not QUARRY_MAX_UPLOAD_MB', async () => {
  const form = new FormData();
  form.set('file', new File([Buffer.alloc(10 * 1024 * 1024 + 1, 'a')], 'big.json'));
  const r = await api.post('/webhook-test', { form, key: null });
  expect(r.status).toBe(413);
  expect(r.body.error.details).toBe('the file must be at most 10 MB (the fixed limit of /webhook-test)');
});

it('a batch upload over QUARRY_MAX_UPLOAD_MB names that setting and the exact size', async () => {
  const taskId = await createContactTask(api);
  const rows = Array.from({ length: 2_000 }, (_, i) => ({
    data_uuid: `r${i}`,
    inputs: [`https://example.com/${i}`],
  }));
  const r = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  expect(r.status).toBe(413);
  expect(r.body.error.details).toBe('the file must be at most 52,428 bytes (QUARRY_MAX_UPLOAD_MB)');
});
