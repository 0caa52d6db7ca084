import type { JobResult, V0DynamicResult, DynamicRunRequest } from '@/lib/contract/tasks';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { EngineError, badRequest } from '../errors';
import { prepareOrThrow, type PreparedRun } from './build-research';
import { executeRun, type JobOutcome, type Research } from './execute';
import { addVersionUsage, incrementRunCount, loadDefinition } from './queries';
import { newJobId } from './ids';

export interface RunDeps {
  db: Db;
  research: Research;
  allowPrivate: boolean;
  timeoutMs: number;
}

/** Run synchronously with a hard deadline: past it the caller gets 504, whatever the runner is doing. */
async function runWithDeadline(deps: RunDeps, run: PreparedRun, turbo: boolean): Promise<JobOutcome> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new EngineError(
          'timeout',
          'The run timed out',
          `the job did not finish within ${Math.round(deps.timeoutMs / 1000)} s; run long tasks as a batch`,
        ),
      );
    }, deps.timeoutMs);
  });
  try {
    return await Promise.race([executeRun(deps.research, run, turbo, controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function recordJob(db: Db, jobId: string, inputs: string[], outcome: JobOutcome, started: Date) {
  await db.insert(jobs).values({
    jobId,
    batchId: null,
    seq: 0,
    dataUuid: jobId,
    inputs,
    state: outcome.error_detected ? 'failed' : 'succeeded',
    attempts: 1,
    result: outcome,
    errorDetected: outcome.error_detected,
    error: outcome.error,
    startedAt: started,
    finishedAt: new Date(),
  });
}

function toJobResult(jobId: string, o: JobOutcome, version?: number): JobResult {
  return {
    data_json: o.data_json,
    list_data_json: o.list_data_json,
    list: o.list,
    job_id: jobId,
    error_detected: o.error_detected,
    error: o.error,
    data_sources: o.data_sources,
    pages: o.pages,
    elapsed_ms: o.elapsed_ms,
    ...(o.extractor ? { extractor: o.extractor } : {}),
    ...(o.usage ? { usage: o.usage } : {}),
    ...(o.warnings ? { warnings: o.warnings } : {}),
    ...(version !== undefined ? { task_version: version } : {}),
  };
}

async function runStoredTask(deps: RunDeps, taskId: string, inputs: string[], version?: number) {
  const loaded = await loadDefinition(deps.db, taskId, version);
  const run = prepareOrThrow(loaded.definition, inputs, deps.allowPrivate);
  const jobId = newJobId();
  const started = new Date();
  const outcome = await runWithDeadline(deps, run, false);
  await recordJob(deps.db, jobId, inputs, outcome, started);
  await incrementRunCount(deps.db, taskId);
  if (outcome.usage) await addVersionUsage(deps.db, taskId, loaded.version, outcome.usage);
  return toJobResult(jobId, outcome, loaded.version);
}

// POST /v0.1/tasks/{id}
export const runTask = (deps: RunDeps, taskId: string, inputs: string[], version?: number) =>
  runStoredTask(deps, taskId, inputs, version);

// POST /v0.1/tasks/{id}/test — one input; for multi-input tasks it is the site and the rest stay empty.
export async function quickTest(deps: RunDeps, taskId: string, input: string, version?: number) {
  const { definition } = await loadDefinition(deps.db, taskId, version);
  const inputs = definition.inputs.map((i, idx) =>
    i.type === 'url' || (idx === 0 && !definition.inputs.some((d) => d.type === 'url')) ? input : '',
  );
  if (!inputs.includes(input)) inputs[0] = input;
  return runStoredTask(deps, taskId, inputs, version);
}

/** A dynamic run is a one-off definition built from the request's items. */
export function dynamicDefinition(body: DynamicRunRequest): TaskDefinition {
  const seen = new Set<string>();
  for (const item of body.variableSearchItems) {
    const k = item.formatting.keyword;
    if (seen.has(k)) throw badRequest('Invalid body', `variableSearchItems: keyword '${k}' is used twice`);
    seen.add(k);
  }
  return {
    name: 'Dynamic run',
    description: '',
    list: body.variableSearchItems.some((i) => i.formatting.type === 'list'),
    inputs: [{ name: 'website', type: 'url', description: 'Website address' }],
    outputs: body.variableSearchItems.map((i) => ({
      name: 'x', // placeholder: research uses keywords from the prepared queries below
      description: i.formatting.description ?? '',
      type: i.formatting.type ?? 'string',
      query: i.query,
    })),
  };
}

async function dynamicOutcome(deps: RunDeps, body: DynamicRunRequest) {
  const def = dynamicDefinition(body);
  const prepared = prepareOrThrow(def, [body.websiteUrl], deps.allowPrivate);
  // Keywords are free-form in dynamic runs, so restore them after preparing (names there are snake_case only).
  prepared.queries = prepared.queries.map((q, i) => ({
    ...q,
    keyword: body.variableSearchItems[i]!.formatting.keyword,
  }));
  const jobId = newJobId();
  const started = new Date();
  const outcome = await runWithDeadline(deps, prepared, body.turbo ?? false);
  await recordJob(deps.db, jobId, [body.websiteUrl], outcome, started);
  return { jobId, outcome };
}

// POST /v0.1/tasks
export async function dynamicRunV01(deps: RunDeps, body: DynamicRunRequest): Promise<JobResult> {
  const { jobId, outcome } = await dynamicOutcome(deps, body);
  return toJobResult(jobId, outcome);
}

// POST /v0/tasks — data_json is an array of objects: the single answer object, or the list rows.
export async function dynamicRunV0(deps: RunDeps, body: DynamicRunRequest): Promise<V0DynamicResult> {
  const { jobId, outcome } = await dynamicOutcome(deps, body);
  // Fields asked once for the page (scope 'task') ride along on every row, as in the downloads.
  const rows =
    outcome.list && outcome.list_data_json.length
      ? outcome.list_data_json.map((item) => ({ ...outcome.data_json, ...item }))
      : [outcome.data_json];
  return { data_json: rows, job_id: jobId, error_detected: outcome.error_detected, error: outcome.error };
}
