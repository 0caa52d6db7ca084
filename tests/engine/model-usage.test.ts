import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { taskVersions } from '@/lib/engine/db/schema';
import { startFakeOpenAI, type ChatRequest, type FakeOpenAI } from '../fixtures/llm/fake-openai';
import { companyFacts, startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// With a model configured, tokens and cost are recorded per job and summed per batch and per task version.
let t: TestEngine;
let site: FixtureSite;
let llm: FakeOpenAI;

/** Answer every asked key with null (a valid, empty answer): the test is about usage, not quality. */
function emptyAnswers(req: ChatRequest): string {
  const schema = req.response_format?.json_schema?.schema as
    { properties?: { answers?: { properties?: Record<string, unknown> } } } | undefined;
  const keys = Object.keys(schema?.properties?.answers?.properties ?? {});
  return JSON.stringify({
    answers: Object.fromEntries(keys.map((k) => [k, { value: null, quote: null, page: null }])),
  });
}

beforeAll(async () => {
  site = await startFixtureSite();
  llm = await startFakeOpenAI((req) => {
    // The planner asks for a definition; the extractor for answers. Tell them apart by schema.
    const props =
      (req.response_format?.json_schema?.schema as { properties?: Record<string, unknown> })?.properties ??
      {};
    if ('answers' in props) return emptyAnswers(req);
    return JSON.stringify({
      name: 'Contact email',
      list: false,
      inputs: [{ name: 'website', type: 'url', description: 'Company website' }],
      outputs: [
        {
          name: 'email',
          description: 'Contact email',
          type: 'email',
          query: 'What is the contact email address?',
        },
      ],
    });
  });
  t = await startTestEngine({
    env: {
      QUARRY_LLM_PROVIDER: 'openai-compatible',
      QUARRY_LLM_MODEL: 'gpt-4o-mini',
      OPENAI_BASE_URL: llm.baseUrl,
      OPENAI_API_KEY: 'test',
      QUARRY_RESEARCH_THREADS: '0',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await site?.close();
});

it('sums model usage per batch and per task version', async () => {
  const api = apiClient(t.url, t.key);
  const created = await api.post('/v0.1/tasks/create', {
    json: { description: 'Find the contact email of a company website' },
  });
  expect(created.status).toBe(201);
  const taskId = created.body.data.task_id;
  const per = llm.usage;

  const quick = await api.post(`/v0.1/tasks/${taskId}/test`, {
    json: { input: `${site.url}${companyFacts(1).path}` },
  });
  expect(quick.body.data.extractor).toBe('model');
  expect(quick.body.data.usage.input_tokens).toBeGreaterThanOrEqual(per.prompt_tokens);

  const before = llm.requests.length;
  const rows = [2, 3, 4].map((n) => ({ data_uuid: `m${n}`, inputs: [`${site.url}${companyFacts(n).path}`] }));
  const batch = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  const id = batch.body.data.batch_id;
  const done = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  });
  const calls = llm.requests.length - before;
  expect(calls).toBeGreaterThanOrEqual(3);
  expect(done.usage).toMatchObject({
    input_tokens: calls * per.prompt_tokens,
    output_tokens: calls * per.completion_tokens,
  });
  expect(done.usage.cost_usd).toBeGreaterThan(0);

  const [v] = await t.engine.db
    .select()
    .from(taskVersions)
    .where(and(eq(taskVersions.taskId, taskId), eq(taskVersions.version, 1)));
  expect(v!.inputTokens).toBe(done.usage.input_tokens + quick.body.data.usage.input_tokens);
});
