import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelope, successEnvelope } from '@/lib/contract/envelope';
import {
  CapabilitiesResponseSchema,
  SavedTestSchema,
  SetLiveVersionResponseSchema,
  TaskVersionSchema,
} from '@/lib/contract/extensions';
import { CreateTaskResponseSchema, JobResultSchema, TaskDetailSchema } from '@/lib/contract/tasks';
import { companyFacts, startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;
let taskId: string;

beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine();
  api = apiClient(t.url, t.key);
  const created = await api.post('/v0.1/tasks/create', {
    json: { description: 'Find the company name and contact email address of a company website' },
  });
  taskId = successEnvelope(CreateTaskResponseSchema, 'v0.1').parse(created.body).data.task_id;
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('GET / content negotiation', () => {
  it('answers the JSON envelope to clients and redirects browsers to the dashboard', async () => {
    const json = await api.get('/', { key: null });
    expect(json.status).toBe(200);
    expect(json.body.status).toBe('success');
    const html = await fetch(`${t.url}/`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
      redirect: 'manual',
    });
    expect(html.status).toBe(307);
    expect(html.headers.get('location')).toBe('/tasks');
  });
});

describe('capabilities and openapi', () => {
  it('advertises the extensions behind the key', async () => {
    expect((await api.get('/v0.1/capabilities', { key: null })).status).toBe(401);
    const r = await api.get('/v0.1/capabilities');
    const caps = successEnvelope(CapabilitiesResponseSchema, 'v0.1').parse(r.body).data;
    expect(caps.extensions).toEqual(
      expect.arrayContaining(['task_versions', 'set_live_version', 'saved_tests']),
    );
  });

  it('serves an OpenAPI document with seed endpoints and marked extensions', async () => {
    const r = await api.get('/openapi.json', { key: null });
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.0.3');
    expect(r.body.paths['/v0.1/tasks/create'].post['x-quarry-extension']).toBe(false);
    expect(r.body.paths['/v0.1/tasks/{task_id}/versions'].get['x-quarry-extension']).toBe(true);
    expect(
      r.body.paths['/v0.1/tasks/{task_id}'].patch.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('instruction');
  });
});

describe('versions and the live version', () => {
  it('lists versions with the instruction that produced each', async () => {
    const edit = await api.patch(`/v0.1/tasks/${taskId}`, {
      json: { instruction: 'also extract the phone number' },
    });
    expect(edit.status).toBe(200);
    const r = await api.get(`/v0.1/tasks/${taskId}/versions`);
    const versions = successEnvelope(z.array(TaskVersionSchema), 'v0.1').parse(r.body).data;
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions[0]).toMatchObject({ instruction: null, is_live: false });
    expect(versions[1]).toMatchObject({ instruction: 'also extract the phone number', is_live: true });
    expect(versions[1]!.definition.outputs.length).toBeGreaterThan(versions[0]!.definition.outputs.length);
  });

  it('rolls back to version 1 and runs it by default', async () => {
    const r = await api.put(`/v0.1/tasks/${taskId}/live-version`, { json: { version: 1 } });
    expect(successEnvelope(SetLiveVersionResponseSchema, 'v0.1').parse(r.body).data).toEqual({
      task_id: taskId,
      live_version: 1,
      max_version: 2,
    });
    const detail = successEnvelope(TaskDetailSchema, 'v0.1').parse(
      (await api.get(`/v0.1/tasks/${taskId}`)).body,
    ).data;
    expect(detail.live_version).toBe(1);
    const f = companyFacts(3);
    const run = await api.post(`/v0.1/tasks/${taskId}/test`, { json: { input: `${site.url}${f.path}` } });
    expect(successEnvelope(JobResultSchema, 'v0.1').parse(run.body).data.task_version).toBe(1);
  });

  it('refuses unknown versions, tasks and bad bodies with the envelope', async () => {
    const missing = await api.put(`/v0.1/tasks/${taskId}/live-version`, { json: { version: 9 } });
    expect(missing.status).toBe(404);
    errorEnvelope('v0.1').parse(missing.body);
    expect((await api.put(`/v0.1/tasks/${taskId}/live-version`, { json: { version: 'x' } })).status).toBe(
      400,
    );
    expect((await api.get('/v0.1/tasks/task_nope/versions')).status).toBe(404);
  });
});

describe('saved tests', () => {
  it('creates, lists and deletes saved inputs', async () => {
    const created = await api.post(`/v0.1/tasks/${taskId}/saved-tests`, {
      json: { inputs: [`${site.url}/acme/`], label: 'Acme' },
    });
    expect(created.status).toBe(201);
    const saved = successEnvelope(SavedTestSchema, 'v0.1').parse(created.body).data;
    const list = await api.get(`/v0.1/tasks/${taskId}/saved-tests`);
    expect(successEnvelope(z.array(SavedTestSchema), 'v0.1').parse(list.body).data).toEqual([saved]);
    expect((await api.call('DELETE', `/v0.1/tasks/${taskId}/saved-tests/${saved.id}`)).status).toBe(200);
    expect((await api.call('DELETE', `/v0.1/tasks/${taskId}/saved-tests/${saved.id}`)).status).toBe(404);
    expect((await api.post(`/v0.1/tasks/${taskId}/saved-tests`, { json: { inputs: [] } })).status).toBe(400);
  });
});
