import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, successEnvelope } from '@/lib/contract/envelope';
import { z } from 'zod';
import { apiClient } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

let t: TestEngine;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await startTestEngine();
  api = apiClient(t.url, t.key);
});
afterAll(() => t?.close());

it('runs on the store the environment selects', () => {
  expect(t.engine.store.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
});

describe('utility endpoints (spec 4.1)', () => {
  it('GET / answers 200 without a key', async () => {
    const r = await api.get('/', { key: null });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('success');
  });

  it('POST /webhook-test takes a multipart file without a key and answers 201', async () => {
    const form = new FormData();
    form.set('file', new File(['{"hello":1}'], 'payload.json'));
    const r = await api.post('/webhook-test', { form, key: null });
    expect(r.status).toBe(201);
    expect(r.body.data.received_bytes).toBe(11);
  });

  it('POST /webhook-test without the file is a 400', async () => {
    const form = new FormData();
    form.set('other', 'x');
    const r = await api.post('/webhook-test', { form, key: null });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toMatch(/file/);
  });

  it('POST /api-test answers 201 for a valid key and 401 otherwise', async () => {
    expect((await api.post('/api-test')).status).toBe(201);
    const bad = await api.post('/api-test', { key: 'nope' });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('Invalid API key');
  });
});

describe('health and readiness (load balancers)', () => {
  it('GET /healthz and GET /readyz answer without a key; readyz reports the store', async () => {
    expect((await api.get('/healthz', { key: null })).status).toBe(200);
    const ready = await api.get('/readyz', { key: null });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'ready', store: t.engine.store.kind });
  });
});

describe('authentication (spec 5)', () => {
  const versioned = [
    ['GET', '/v0/tasks'],
    ['GET', '/v0.1/tasks'],
    ['POST', '/v0.1/tasks/create'],
    ['GET', '/v0/batches'],
    ['POST', '/v0.1/batches'],
    ['GET', '/v0/batches/x'],
    ['PUT', '/v0.1/batches/x'],
    ['POST', '/v0/batches/x/cancel'],
  ] as const;
  for (const [method, path] of versioned) {
    it(`${method} ${path} without a key is 401 in the envelope`, async () => {
      const r = await api.call(method, path, { key: null });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ status: 'error', data: {}, error: { code: 401 } });
      expect(r.body.message).toBe('Missing API key');
    });
  }

  it('a wrong key is 401 and a revoked key stops working', async () => {
    const { createKey, revokeKey } = await import('@/lib/engine/auth/keys');
    const { key, info } = await createKey(t.engine.db, 'temp');
    expect((await api.get('/v0/tasks', { key })).status).toBe(200);
    await revokeKey(t.engine.db, info.id);
    expect((await api.get('/v0/tasks', { key })).status).toBe(401);
    expect((await api.get('/v0/tasks', { key: key + 'x' })).status).toBe(401);
  });

  it('keys are stored hashed, never in plain text', async () => {
    const { apiKeys } = await import('@/lib/engine/db/schema');
    const rows = await t.engine.db.select().from(apiKeys);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(r)).not.toContain(t.key);
    }
  });
});

describe('envelope (spec 2.1, 7)', () => {
  it('/v0.1 responses carry request_id; /v0 responses do not', async () => {
    const v01 = await api.get('/v0.1/tasks');
    const parsed = successEnvelope(z.array(z.unknown()), 'v0.1').parse(v01.body) as { request_id?: string };
    expect(parsed.request_id).toMatch(/^req_/);
    const v0 = await api.get('/v0/tasks');
    expect(() => successEnvelope(z.array(z.unknown()), 'v0').parse(v0.body)).not.toThrow();
    expect(v0.body).not.toHaveProperty('request_id');
  });

  it('errors: code equals the HTTP status, data is {}, v0.1 carries request_id', async () => {
    const r = await api.get('/v0.1/tasks/task_missing');
    expect(r.status).toBe(404);
    const body = errorEnvelope('v0.1').parse(r.body);
    expect(body.error.code).toBe(404);
    expect(body.error.details).toContain('task_missing');
    const r0 = await api.get('/v0/batches/batch_missing');
    expect(r0.status).toBe(404);
    expect(errorEnvelope('v0').parse(r0.body).data).toEqual({});
  });

  it('malformed JSON, wrong content type, empty and oversized bodies are clear 4xx', async () => {
    const malformed = await api.post('/v0.1/tasks/create', {
      raw: '{"description": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Malformed JSON');
    const wrongType = await api.post('/v0.1/tasks/create', {
      raw: 'description=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
    const empty = await api.post('/v0.1/tasks/create', {
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
    const huge = await api.post('/v0.1/tasks/create', { json: { description: 'x'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
    const wrongTypes = await api.post('/v0.1/tasks/create', { json: { description: 42 } });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.error.details).toMatch(/description/);
    const missing = await api.post('/v0.1/tasks/create', { json: {} });
    expect(missing.status).toBe(400);
    const tooLong = await api.post('/v0.1/tasks/create', { json: { description: 'x'.repeat(10_001) } });
    expect(tooLong.status).toBe(400);
  });

  it('unknown paths are 404 envelopes', async () => {
    const r = await api.get('/v0.1/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body.status).toBe('error');
  });
});
