import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, successEnvelope } from '@/lib/contract/envelope';
import {
  CreateTaskResponseSchema,
  EditTaskResponseSchema,
  JobResultSchema,
  TaskDetailSchema,
  TaskSummarySchema,
  V0DynamicResultSchema,
} from '@/lib/contract/tasks';
import { z } from 'zod';
import { startFixtureSite, companyFacts, FACTS, type FixtureSite } from '../fixtures/site/server';
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
    json: {
      description: 'Find the company name, contact email address and phone number of a company website',
    },
  });
  expect(created.status).toBe(201);
  taskId = successEnvelope(CreateTaskResponseSchema, 'v0.1').parse(created.body).data.task_id;
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('create, read and list tasks', () => {
  it('create-from-description plans inputs and outputs', async () => {
    const r = await api.get(`/v0.1/tasks/${taskId}`);
    expect(r.status).toBe(200);
    const task = successEnvelope(TaskDetailSchema, 'v0.1').parse(r.body).data;
    expect(task).toMatchObject({ id: taskId, live_version: 1, max_version: 1, run_count: 0 });
    expect(task.inputs.map((i) => i.type)).toContain('url');
    const names = task.outputs.map((o) => o.name).join(' ');
    expect(names).toMatch(/email/);
    expect(names).toMatch(/phone/);
  });

  it('lists under /v0.1 and /v0 with the summary fields', async () => {
    for (const [path, v] of [
      ['/v0.1/tasks', 'v0.1'],
      ['/v0/tasks', 'v0'],
    ] as const) {
      const r = await api.get(path);
      const list = successEnvelope(z.array(TaskSummarySchema.strict()), v).parse(r.body).data;
      expect(list.find((x) => x.id === taskId)).toBeTruthy();
    }
  });

  it('refuses a description with nothing to extract', async () => {
    const r = await api.post('/v0.1/tasks/create', { json: { description: '   ' } });
    expect(r.status).toBe(400);
    const r2 = await api.post('/v0.1/tasks/create', { json: { description: 'the and of' } });
    expect(r2.status).toBe(400);
    expect(errorEnvelope('v0.1').parse(r2.body).error.details.length).toBeGreaterThan(10);
  });
});

describe('run and quick test', () => {
  it('quick test answers from the fixture site with sources', async () => {
    const f = companyFacts(7);
    const r = await api.post(`/v0.1/tasks/${taskId}/test`, { json: { input: `${site.url}${f.path}` } });
    expect(r.status).toBe(200);
    const result = successEnvelope(JobResultSchema, 'v0.1').parse(r.body).data;
    expect(result.error_detected).toBe(false);
    const values = Object.values(result.data_json).map(String);
    expect(values).toContain(f.email);
    expect(result.job_id).toMatch(/^job_/);
    for (const [k, v] of Object.entries(result.data_json)) {
      if (v !== null && v !== '') expect(result.data_sources?.[k]?.url, k).toMatch(/^http/);
    }
  });

  it('run single job takes inputs and a version, and counts runs', async () => {
    const r = await api.post(`/v0.1/tasks/${taskId}`, {
      json: { inputs: [`${site.url}${FACTS.acme.path}`], task_version: 1 },
    });
    expect(r.status).toBe(200);
    const result = successEnvelope(JobResultSchema, 'v0.1').parse(r.body).data;
    expect(Object.values(result.data_json)).toContain(FACTS.acme.email);
    const task = await api.get(`/v0.1/tasks/${taskId}`);
    expect(task.body.data.run_count).toBe(2);
  });

  it('an unreadable site is error_detected with a message, not an HTTP error', async () => {
    const r = await api.post(`/v0.1/tasks/${taskId}`, { json: { inputs: [`${site.url}/status/404`] } });
    expect(r.status).toBe(200);
    expect(r.body.data.error_detected).toBe(true);
    expect(r.body.data.error).toMatch(/404/);
  });

  it('bad run inputs are 4xx with a reason', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ inputs: [] }, 400, /inputs/],
      [{ inputs: 'x' }, 400, /inputs/],
      [{ inputs: ['a', 'b'] }, 400, /expected 1 input/],
      [{ inputs: ['file:///etc/passwd'] }, 400, /file/],
      [{ inputs: ['javascript:alert(1)'] }, 400, /javascript/],
      [{ inputs: [`${site.url}/co/1/`], task_version: 99 }, 404, /@99/],
      [{ inputs: [`${site.url}/co/1/`], task_version: 'one' }, 400, /task_version/],
    ];
    for (const [json, status, detail] of cases) {
      const r = await api.post(`/v0.1/tasks/${taskId}`, { json });
      expect(r.status, JSON.stringify(json)).toBe(status);
      expect(r.body.error.details).toMatch(detail);
    }
    expect(
      (await api.post(`/v0.1/tasks/task_nope`, { json: { inputs: ['https://example.com'] } })).status,
    ).toBe(404);
    expect((await api.post(`/v0.1/tasks/${taskId}/test`, { json: { input: '' } })).status).toBe(400);
  });
});

describe('edit by instruction (versioning)', () => {
  it('creates version 2, moves live_version, keeps version 1 runnable', async () => {
    const r = await api.patch(`/v0.1/tasks/${taskId}`, {
      json: { instruction: 'also extract the founded year' },
    });
    expect(r.status).toBe(200);
    const edit = successEnvelope(EditTaskResponseSchema, 'v0.1').parse(r.body).data;
    expect(edit).toMatchObject({ task_id: taskId, version: 2 });
    const detail = (await api.get(`/v0.1/tasks/${taskId}`)).body.data;
    expect(detail).toMatchObject({ live_version: 2, max_version: 2 });
    expect(detail.outputs.map((o: { name: string }) => o.name).join(' ')).toMatch(/found/);
    const f = companyFacts(12);
    const v2 = await api.post(`/v0.1/tasks/${taskId}`, { json: { inputs: [`${site.url}${f.path}`] } });
    expect(v2.body.data.task_version).toBe(2);
    expect(Object.values(v2.body.data.data_json)).toContain(f.founded);
    const v1 = await api.post(`/v0.1/tasks/${taskId}`, {
      json: { inputs: [`${site.url}${f.path}`], task_version: 1 },
    });
    expect(v1.body.data.task_version).toBe(1);
    expect(Object.values(v1.body.data.data_json)).not.toContain(f.founded);
  });

  it('an instruction it cannot apply is a 400 and creates no version', async () => {
    const r = await api.patch(`/v0.1/tasks/${taskId}`, { json: { instruction: 'remove the fax number' } });
    expect(r.status).toBe(400);
    expect((await api.get(`/v0.1/tasks/${taskId}`)).body.data.max_version).toBe(2);
    expect((await api.patch(`/v0.1/tasks/${taskId}`, { json: {} })).status).toBe(400);
    expect((await api.patch(`/v0.1/tasks/task_nope`, { json: { instruction: 'add ceo' } })).status).toBe(404);
  });
});

describe('dynamic run (spec 2.4, 9.2)', () => {
  const items = [
    { query: 'What is the contact email address?', formatting: { keyword: 'email' } },
    { query: 'When was the company founded?', formatting: { keyword: 'Founded Year', type: 'number' } },
  ];

  it('/v0.1/tasks returns the job result shape', async () => {
    const r = await api.post('/v0.1/tasks', {
      json: { websiteUrl: `${site.url}${FACTS.acme.path}`, variableSearchItems: items },
    });
    expect(r.status).toBe(200);
    const data = successEnvelope(JobResultSchema, 'v0.1').parse(r.body).data;
    expect(data.data_json.email).toBe(FACTS.acme.email);
    expect(data.data_json['Founded Year']).toBe(FACTS.acme.founded);
    expect(data.list).toBe(false);
    expect(Array.isArray(data.list_data_json)).toBe(true);
  });

  it('/v0/tasks returns data_json as an array, no list fields, no request_id', async () => {
    const r = await api.post('/v0/tasks', {
      json: { websiteUrl: `${site.url}${FACTS.acme.path}`, variableSearchItems: items },
    });
    expect(r.status).toBe(200);
    const body = successEnvelope(V0DynamicResultSchema, 'v0').parse(r.body);
    expect(body.data.data_json[0]?.email).toBe(FACTS.acme.email);
    expect(body.data).not.toHaveProperty('list');
    expect(body.data).not.toHaveProperty('list_data_json');
  });

  it('turbo reads only the given page', async () => {
    const before = site.hits.get('/co/33/contact') ?? 0;
    await api.post('/v0.1/tasks', {
      json: { websiteUrl: `${site.url}/co/33/`, variableSearchItems: items, turbo: true },
    });
    expect(site.hits.get('/co/33/contact') ?? 0).toBe(before);
    const normal = await api.post('/v0.1/tasks', {
      json: { websiteUrl: `${site.url}/co/33/`, variableSearchItems: items },
    });
    expect(site.hits.get('/co/33/contact') ?? 0).toBe(before + 1);
    expect(normal.body.data.data_json.email).toBe(companyFacts(33).email);
  });

  it('bad dynamic requests are 400 with the field named', async () => {
    const cases: [unknown, RegExp][] = [
      [{ variableSearchItems: items }, /websiteUrl/],
      [{ websiteUrl: `${site.url}/`, variableSearchItems: [] }, /variableSearchItems/],
      [{ websiteUrl: `${site.url}/`, variableSearchItems: [{ query: 'x' }] }, /formatting/],
      [{ websiteUrl: `${site.url}/`, variableSearchItems: [items[0], items[0]] }, /twice/],
      [{ websiteUrl: 'ftp://example.com', variableSearchItems: items }, /ftp/],
      [{ websiteUrl: `${site.url}/`, variableSearchItems: items, turbo: 'yes' }, /turbo/],
    ];
    for (const [json, detail] of cases) {
      const r = await api.post('/v0.1/tasks', { json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.error.details).toMatch(detail);
    }
  });
});
