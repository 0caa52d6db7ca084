import {
  CreateTaskRequestSchema,
  DynamicRunRequestSchema,
  EditTaskRequestSchema,
  QuickTestRequestSchema,
  RunTaskRequestSchema,
} from '@/lib/contract/tasks';
import type { Engine } from '../../runtime';
import { createTask, editTask } from '../../tasks/manage';
import { getTaskDetail, listTaskSummaries } from '../../tasks/queries';
import { dynamicRunV0, dynamicRunV01, quickTest, runTask } from '../../tasks/run';
import { endpoint } from '../endpoint';
import { readJson } from '../read-body';
import { badRequest } from '../../errors';

const runDeps = (e: Engine) => ({
  db: e.db,
  research: e.research,
  allowPrivate: e.config.allowPrivateUrls,
  timeoutMs: e.config.runTimeoutMs,
});

// POST /v0.1/tasks/create — plan a task from a plain-language description.
export const createTaskV01 = endpoint('v0.1', { auth: true }, async ({ engine, req }) => {
  const body = await readJson(req, CreateTaskRequestSchema);
  const created = await createTask(engine.db, engine.planner, body.description);
  return {
    data: {
      task_id: created.task_id,
      name: created.name,
      message: `Created task '${created.name}' (version 1)`,
    },
    status: 201,
    message: 'Task created',
  };
});

// GET /v0.1/tasks and GET /v0/tasks — task summaries, newest first, archived tasks left out;
// /v0.1 takes ?archived=true to list only the archived ones.
export const listTasksV01 = endpoint('v0.1', { auth: true }, async ({ engine, url }) => ({
  data: await listTaskSummaries(engine.db, archivedParam(url)),
}));
export const listTasksV0 = endpoint('v0', { auth: true }, async ({ engine }) => ({
  data: await listTaskSummaries(engine.db),
}));

function archivedParam(url: URL): boolean {
  const value = url.searchParams.get('archived');
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest('Invalid query', `archived must be true or false, got '${value}'`);
}

// GET /v0.1/tasks/{task_id} — detail of the live version.
export const getTaskV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await getTaskDetail(engine.db, params.task_id!),
}));

// PATCH /v0.1/tasks/{task_id} — edit by instruction; creates a new version. With dry_run (ours) it
// answers the version it would create, with the proposed definition and name, and stores nothing.
export const editTaskV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, EditTaskRequestSchema);
  const edited = await editTask(engine.db, engine.planner, params.task_id!, body.instruction, body.dry_run);
  const summary = edited.changes.join('; ');
  if (body.dry_run) {
    return {
      data: {
        task_id: edited.task_id,
        version: edited.version,
        message: `Would create version ${edited.version}: ${summary}`,
        changes: edited.changes,
        dry_run: true,
        definition: edited.definition,
        name: edited.name,
      },
      message: 'Edit planned (nothing saved)',
    };
  }
  return {
    data: {
      task_id: edited.task_id,
      version: edited.version,
      message: `Created version ${edited.version}: ${summary}`,
      changes: edited.changes,
    },
    message: 'Task updated',
  };
});

// POST /v0.1/tasks/{task_id} — run one job and wait for it.
export const runTaskV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, RunTaskRequestSchema);
  return { data: await runTask(runDeps(engine), params.task_id!, body.inputs, body.task_version) };
});

// POST /v0.1/tasks/{task_id}/test — quick test with a single input.
export const quickTestV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, QuickTestRequestSchema);
  return { data: await quickTest(runDeps(engine), params.task_id!, body.input, body.task_version) };
});

// POST /v0.1/tasks — dynamic run (no stored task).
export const dynamicRunRouteV01 = endpoint('v0.1', { auth: true }, async ({ engine, req }) => {
  const body = await readJson(req, DynamicRunRequestSchema);
  return { data: await dynamicRunV01(runDeps(engine), body) };
});

// POST /v0/tasks — dynamic run, /v0 shape.
export const dynamicRunRouteV0 = endpoint('v0', { auth: true }, async ({ engine, req }) => {
  const body = await readJson(req, DynamicRunRequestSchema);
  return { data: await dynamicRunV0(runDeps(engine), body) };
});
