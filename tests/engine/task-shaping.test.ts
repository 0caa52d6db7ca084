import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelope, successEnvelope } from '@/lib/contract/envelope';
import {
  ArchiveTaskResponseSchema,
  CapabilitiesResponseSchema,
  RenameTaskResponseSchema,
  TaskEditResultSchema,
  TaskVersionSchema,
} from '@/lib/contract/extensions';
import type { TaskOutput } from '@/lib/contract/task-definition';
import {
  CreateTaskResponseSchema,
  EditTaskResponseSchema,
  JobResultSchema,
  TaskDetailSchema,
  TaskSummarySchema,
} from '@/lib/contract/tasks';
import { companyFacts, startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, jsonlFile } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Shaping tasks over real HTTP: edit previews (PATCH dry_run), the field editor's structured edit,
// names that follow the fields until the user renames, archive and restore.

let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;

const detailOf = async (id: string) =>
  successEnvelope(TaskDetailSchema, 'v0.1').parse((await api.get(`/v0.1/tasks/${id}`)).body).data;
const versionsOf = async (id: string) =>
  successEnvelope(z.array(TaskVersionSchema), 'v0.1').parse(
    (await api.get(`/v0.1/tasks/${id}/versions`)).body,
  ).data;
const listed = async (path: string, v: 'v0' | 'v0.1' = 'v0.1') =>
  successEnvelope(z.array(TaskSummarySchema), v)
    .parse((await api.get(path)).body)
    .data.map((s) => s.id);
const editResult = (body: unknown) => successEnvelope(TaskEditResultSchema, 'v0.1').parse(body).data;
const details = (body: unknown) => errorEnvelope('v0.1').parse(body).error.details;

async function createTask(description: string): Promise<string> {
  const r = await api.post('/v0.1/tasks/create', { json: { description } });
  expect(r.status).toBe(201);
  return successEnvelope(CreateTaskResponseSchema, 'v0.1').parse(r.body).data.task_id;
}

/** The live outputs as the field editor would send them back, before its changes. */
async function editorOutputs(id: string): Promise<TaskOutput[]> {
  return (await detailOf(id)).outputs as TaskOutput[];
}

beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine();
  api = apiClient(t.url, t.key);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('capabilities', () => {
  it('advertises the task-shaping extensions', async () => {
    const caps = successEnvelope(CapabilitiesResponseSchema, 'v0.1').parse(
      (await api.get('/v0.1/capabilities')).body,
    ).data;
    expect(caps.extensions).toEqual(
      expect.arrayContaining(['task_edit_preview', 'task_definition_edit', 'task_rename', 'task_archive']),
    );
  });

  it('describes the new operations in the OpenAPI document', async () => {
    const paths = (await api.get('/openapi.json', { key: null })).body.paths;
    for (const [path, method] of [
      ['/v0.1/tasks/{task_id}/definition', 'put'],
      ['/v0.1/tasks/{task_id}/name', 'put'],
      ['/v0.1/tasks/{task_id}/archive', 'post'],
      ['/v0.1/tasks/{task_id}/restore', 'post'],
      ['/v0.1/tasks/{task_id}', 'delete'],
    ] as const) {
      expect(paths[path]?.[method]?.['x-quarry-extension'], `${method} ${path}`).toBe(true);
    }
    const patch = paths['/v0.1/tasks/{task_id}'].patch.requestBody.content['application/json'].schema;
    expect(patch.properties).toHaveProperty('dry_run');
    const put = paths['/v0.1/tasks/{task_id}/definition'].put.requestBody.content['application/json'].schema;
    expect(put.properties.outputs.items.properties).toHaveProperty('previous_name');
  });
});

describe('PATCH dry_run', () => {
  it('answers the planned version and definition and stores nothing', async () => {
    const id = await createTask('Find the contact email address of a company website');
    const before = await detailOf(id);
    const r = await api.patch(`/v0.1/tasks/${id}`, {
      json: { instruction: 'also extract the phone number', dry_run: true },
    });
    expect(r.status).toBe(200);
    const planned = successEnvelope(EditTaskResponseSchema, 'v0.1').parse(r.body).data;
    expect(planned).toMatchObject({ task_id: id, version: 2, dry_run: true });
    expect(planned.message).toMatch(/^Would create version 2/);
    expect(planned.changes!.length).toBeGreaterThan(0);
    expect(planned.definition!.outputs.map((o) => o.name)).toEqual(
      expect.arrayContaining([...before.outputs.map((o) => o.name), expect.stringMatching(/phone/)]),
    );
    expect(planned.name).toBe(planned.definition!.name);
    // Nothing stored: same versions, same detail.
    expect((await versionsOf(id)).map((v) => v.version)).toEqual([1]);
    expect(await detailOf(id)).toEqual(before);

    const saved = await api.patch(`/v0.1/tasks/${id}`, {
      json: { instruction: 'also extract the phone number' },
    });
    const data = successEnvelope(EditTaskResponseSchema.strict(), 'v0.1').parse(saved.body).data;
    expect(data).toMatchObject({ version: 2, changes: planned.changes });
    expect(data).not.toHaveProperty('definition');
    expect((await detailOf(id)).outputs.map((o) => o.name)).toEqual(
      planned.definition!.outputs.map((o) => o.name),
    );
  });

  it('refuses an instruction it cannot apply with the planner message, dry run or not', async () => {
    const id = await createTask('Find the contact email address of a company website');
    for (const dry_run of [true, false]) {
      const r = await api.patch(`/v0.1/tasks/${id}`, { json: { instruction: 'blorp the quux', dry_run } });
      expect(r.status).toBe(400);
      expect(details(r.body).length).toBeGreaterThan(10);
    }
    expect((await versionsOf(id)).length).toBe(1);
    const bad = await api.patch(`/v0.1/tasks/${id}`, { json: { instruction: 'x', dry_run: 'yes' } });
    expect(bad.status).toBe(400);
    expect(details(bad.body)).toMatch(/dry_run/);
  });
});

describe('PUT /definition (field editor)', () => {
  let id: string;
  beforeAll(async () => {
    id = await createTask('Find the contact email address and phone number of a company website');
  });

  it('saves a new live version with a change summary and no instruction', async () => {
    const outputs = await editorOutputs(id);
    expect(outputs.length).toBeGreaterThanOrEqual(2);
    const [first, second] = outputs as [TaskOutput, TaskOutput];
    const body = {
      base_version: 1,
      outputs: [
        { ...second, type: 'string' === second.type ? 'number' : 'string' },
        { ...first, name: 'contact_address', previous_name: first.name, format: 'lowercase' },
        { name: 'founded_year', type: 'number', query: 'In which year was the company founded?' },
      ],
    };
    const dry = await api.put(`/v0.1/tasks/${id}/definition`, { json: { ...body, dry_run: true } });
    expect(dry.status).toBe(200);
    const preview = editResult(dry.body);
    expect(preview).toMatchObject({ version: 2, dry_run: true });
    expect((await versionsOf(id)).length).toBe(1);

    const r = await api.put(`/v0.1/tasks/${id}/definition`, { json: body });
    expect(r.status).toBe(200);
    const saved = editResult(r.body);
    expect(saved.dry_run).toBeUndefined();
    expect(saved.changes).toEqual(preview.changes);
    expect(saved.changes).toEqual(
      expect.arrayContaining([
        `renamed \`${first.name}\` to \`contact_address\``,
        'set the format of `contact_address` to "lowercase"',
        'added output `founded_year` (number)',
        expect.stringMatching(new RegExp(`^changed the type of \`${second.name}\` from`)),
        expect.stringMatching(/^moved `/),
      ]),
    );
    expect(saved.changes.join()).not.toMatch(/removed/);
    expect(saved.definition.outputs.map((o) => o.name)).toEqual([
      second.name,
      'contact_address',
      'founded_year',
    ]);
    // The renamed output keeps its question.
    expect(saved.definition.outputs[1]!.query).toBe(first.query);
    const versions = await versionsOf(id);
    expect(versions.at(-1)).toMatchObject({
      version: 2,
      instruction: null,
      is_live: true,
      changes: saved.changes,
    });
    expect((await detailOf(id)).max_version).toBe(2);
  });

  it('answers 409 when the editor started from an older version', async () => {
    const r = await api.put(`/v0.1/tasks/${id}/definition`, {
      json: {
        base_version: 1,
        outputs: [{ name: 'only_email', type: 'email', query: 'What is the email?' }],
      },
    });
    expect(r.status).toBe(409);
    expect(details(r.body)).toMatch(/version 1.*version 2/);
    expect((await versionsOf(id)).length).toBe(2);
  });

  it('refuses duplicates, no outputs, no change, bad types and new outputs without a question', async () => {
    const outputs = await editorOutputs(id);
    const cases: [unknown, RegExp][] = [
      [
        { outputs: [...outputs, { ...outputs[0] }] },
        new RegExp(`'${outputs[0]!.name}' appears more than once`),
      ],
      [{ outputs: [] }, /at least one output/],
      [{ outputs }, /same as the current/],
      [{ outputs: [{ ...outputs[0], type: 'colour' }] }, /outputs\.0\.type/],
      [{ outputs: [{ name: 'Bad Name', type: 'string', query: 'q?' }] }, /snake_case/],
      [{ outputs: [{ name: 'a'.repeat(65), type: 'string', query: 'q?' }] }, /outputs\.0\.name/],
      [{ outputs: [...outputs, { name: 'ceo_name', type: 'string' }] }, /ceo_name.*question/],
      [{ outputs: [{ ...outputs[0], name: 'x_y', previous_name: 'nope' }] }, /no output 'nope'/],
      [{ outputs: {} }, /outputs/],
    ];
    for (const [json, message] of cases) {
      const r = await api.put(`/v0.1/tasks/${id}/definition`, { json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(details(r.body)).toMatch(message);
    }
    expect((await versionsOf(id)).length).toBe(2);
    expect((await api.put('/v0.1/tasks/task_nope/definition', { json: { outputs } })).status).toBe(404);
  });

  it('makes a task list-shaped with a page-level field and back', async () => {
    const outputs = await editorOutputs(id);
    const r = await api.put(`/v0.1/tasks/${id}/definition`, {
      json: { list: true, outputs: outputs.map((o, i) => (i === 0 ? { ...o, scope: 'task' } : o)) },
    });
    expect(r.status).toBe(200);
    const saved = editResult(r.body);
    expect(saved.changes).toContain('made the task list-shaped (one row per item found)');
    expect(saved.definition.list).toBe(true);
    expect(saved.definition.outputs[0]!.scope).toBe('task');
    const back = editResult(
      (
        await api.put(`/v0.1/tasks/${id}/definition`, {
          json: { list: false, outputs: saved.definition.outputs },
        })
      ).body,
    );
    expect(back.changes).toEqual(['made the task single (one answer per input)']);
    expect(back.definition.outputs[0]!.scope).toBeUndefined();
  });
});

describe('task names', () => {
  it('follows the fields after an edit while the name is automatic', async () => {
    const id = await createTask('Find the contact email address of a company website');
    expect((await detailOf(id)).name_source).toBe('auto');
    const outputs = await editorOutputs(id);
    const saved = editResult(
      (
        await api.put(`/v0.1/tasks/${id}/definition`, {
          json: { outputs: [...outputs, { name: 'ceo_name', type: 'string', query: 'Who is the CEO?' }] },
        })
      ).body,
    );
    const detail = await detailOf(id);
    expect(detail.name).toBe(saved.name);
    expect(saved.definition.name).toBe(saved.name);
    expect(saved.name).toMatch(/CEO/i);
    expect(detail.name_source).toBe('auto');
  });

  it("keeps the user's name through edits, and null hands it back to the fields", async () => {
    const id = await createTask('Find the contact email address of a company website');
    const renamed = await api.put(`/v0.1/tasks/${id}/name`, { json: { name: '  Supplier emails  ' } });
    expect(successEnvelope(RenameTaskResponseSchema, 'v0.1').parse(renamed.body).data).toEqual({
      task_id: id,
      name: 'Supplier emails',
      name_source: 'user',
    });
    const edited = await api.patch(`/v0.1/tasks/${id}`, {
      json: { instruction: 'also extract the phone number' },
    });
    expect(edited.status).toBe(200);
    expect(await detailOf(id)).toMatchObject({ name: 'Supplier emails', name_source: 'user' });
    expect((await versionsOf(id)).at(-1)!.definition.name).toBe('Supplier emails');

    const auto = await api.put(`/v0.1/tasks/${id}/name`, { json: { name: null } });
    const back = successEnvelope(RenameTaskResponseSchema, 'v0.1').parse(auto.body).data;
    expect(back.name_source).toBe('auto');
    expect(back.name).not.toBe('Supplier emails');
    expect(await detailOf(id)).toMatchObject({ name: back.name, name_source: 'auto' });
  });

  it('an instruction that renames the task makes the name the user’s', async () => {
    const id = await createTask('Find the contact email address of a company website');
    const r = await api.patch(`/v0.1/tasks/${id}`, {
      json: { instruction: 'rename the task to Vendor contacts' },
    });
    expect(r.status).toBe(200);
    expect(await detailOf(id)).toMatchObject({ name: 'Vendor contacts', name_source: 'user' });
  });

  it('refuses bad names', async () => {
    const id = await createTask('Find the contact email address of a company website');
    for (const [json, message] of [
      [{ name: '   ' }, /must not be empty/],
      [{ name: 'x'.repeat(201) }, /at most 200/],
      [{}, /name/],
      [{ name: 5 }, /name/],
    ] as const) {
      const r = await api.put(`/v0.1/tasks/${id}/name`, { json });
      expect(r.status).toBe(400);
      expect(details(r.body)).toMatch(message);
    }
  });
});

describe('archive and restore', () => {
  it('hides an archived task from both lists, lists it with ?archived=true, restores it', async () => {
    const id = await createTask('Find the contact email address of a company website');
    const archived = successEnvelope(ArchiveTaskResponseSchema, 'v0.1').parse(
      (await api.post(`/v0.1/tasks/${id}/archive`)).body,
    ).data;
    expect(archived.task_id).toBe(id);
    expect(Date.parse(archived.archived_at!)).not.toBeNaN();
    expect(await listed('/v0.1/tasks')).not.toContain(id);
    expect(await listed('/v0/tasks', 'v0')).not.toContain(id);
    expect(await listed('/v0.1/tasks?archived=true')).toContain(id);
    expect((await detailOf(id)).archived_at).toBe(archived.archived_at);

    const restored = successEnvelope(ArchiveTaskResponseSchema, 'v0.1').parse(
      (await api.post(`/v0.1/tasks/${id}/restore`)).body,
    ).data;
    expect(restored).toEqual({ task_id: id, archived_at: null });
    expect(await listed('/v0.1/tasks')).toContain(id);
    expect(await listed('/v0/tasks', 'v0')).toContain(id);
    expect(await listed('/v0.1/tasks?archived=true')).not.toContain(id);
    expect((await api.get('/v0.1/tasks?archived=maybe')).status).toBe(400);
  });

  it('DELETE archives (restorable), and an archived task still runs, edits and reads by id', async () => {
    const id = await createTask('Find the contact email address of a company website');
    const del = await api.call('DELETE', `/v0.1/tasks/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toMatch(/restore/);
    expect(
      successEnvelope(ArchiveTaskResponseSchema, 'v0.1').parse(del.body).data.archived_at,
    ).not.toBeNull();
    expect(await listed('/v0.1/tasks?archived=true')).toContain(id);

    const f = companyFacts(2);
    const run = await api.post(`/v0.1/tasks/${id}`, { json: { inputs: [`${site.url}${f.path}`] } });
    expect(run.status).toBe(200);
    expect(successEnvelope(JobResultSchema, 'v0.1').parse(run.body).data.error_detected).toBe(false);
    const edit = await api.patch(`/v0.1/tasks/${id}`, {
      json: { instruction: 'also extract the phone number' },
    });
    expect(edit.status).toBe(200);
    expect((await detailOf(id)).max_version).toBe(2);
    const rows = [{ data_uuid: 'r1', inputs: [`${site.url}${f.path}`] }];
    const batch = await api.post('/v0.1/batches', { form: batchForm({ task_id: id }, jsonlFile(rows)) });
    expect(batch.status).toBe(201);
    expect((await api.post(`/v0.1/tasks/${id}/restore`)).status).toBe(200);
    expect(await listed('/v0.1/tasks')).toContain(id);
    expect((await api.call('DELETE', '/v0.1/tasks/task_nope')).status).toBe(404);
  });
});
