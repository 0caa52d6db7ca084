// Shared set-up for the issue-6 benchmarks: an engine served on loopback in this process, and small
// HTTP helpers. Every figure is printed against a baseline measured in the same run.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TaskDefinition } from '../lib/contract/task-definition';
import { loadConfig } from '../lib/engine/config';
import { prepareRun } from '../lib/engine/tasks/build-research';
import type { Research } from '../lib/engine/tasks/execute';
import { createEngine, setProcessEngine, type Engine, type EngineOverrides } from '../lib/engine/runtime';
import { serveEngineHttp } from '../lib/engine/http/node-server';
import { tmpDir } from './util';

export const BENCH_KEY = 'qk_bench_0123456789abcdefghijklmnopqrstuvwxyz';

export interface BenchEngine {
  engine: Engine;
  url: string;
  dir: string;
  close(): Promise<void>;
}

/** An engine on a fresh store (PGlite in a temp dir, or DATABASE_URL when set), served on 127.0.0.1. */
export async function startBenchEngine(
  env: Record<string, string> = {},
  overrides: EngineOverrides = {},
): Promise<BenchEngine> {
  const dir = tmpDir('quarry-bench-');
  const config = loadConfig({
    ...process.env,
    QUARRY_DATA_DIR: dir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    QUARRY_API_KEY: BENCH_KEY,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
    QUARRY_RATE_LIMIT_PER_MIN: '0',
    ...env,
  });
  const engine = await createEngine(config, overrides);
  setProcessEngine(engine);
  const http = await serveEngineHttp();
  return {
    engine,
    url: http.url,
    dir,
    async close() {
      await http.close();
      await engine.close();
      setProcessEngine(null);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function call<T = any>(
  base: string,
  method: string,
  p: string,
  body?: FormData | object,
): Promise<T> {
  const headers: Record<string, string> = { 'x-api-key': BENCH_KEY };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(base + p, { method, headers, body: payload });
  const json = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${json.message}`);
  return json.data;
}

export async function createTask(base: string): Promise<string> {
  const t = await call<{ task_id: string }>(base, 'POST', '/v0.1/tasks/create', {
    description: 'Find the contact email address and phone number of a company website',
  });
  return t.task_id;
}

export async function uploadBatch(base: string, file: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('batch_input_data', await fs.openAsBlob(file), path.basename(file));
  return call<{ batch_id: string; jobs_added: number }>(base, 'POST', '/v0.1/batches', form);
}

export async function writeJsonl(file: string, n: number, input: (i: number) => string): Promise<void> {
  const out = fs.createWriteStream(file);
  for (let i = 0; i < n; i++) {
    if (!out.write(JSON.stringify({ data_uuid: `row-${i}`, inputs: [input(i)] }) + '\n')) {
      await new Promise<void>((r) => out.once('drain', () => r()));
    }
  }
  await new Promise<void>((r) => out.end(() => r()));
}

/** The baseline for ingest: read the lines and JSON.parse each, nothing else. Rows per second. */
export async function bareParse(file: string): Promise<number> {
  const t0 = performance.now();
  let n = 0;
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const l of rl) {
    if (!l.trim()) continue;
    const row = JSON.parse(l) as { inputs: unknown };
    if (row.inputs) n++;
  }
  return n / ((performance.now() - t0) / 1000);
}

/**
 * The throughput baseline: the same research the engine's worker runs for each row (prepare, then
 * research), `concurrency` at a time, with no store, queue or HTTP. Jobs per second, and how many of
 * them found an answer.
 */
export async function bareLoop(
  research: Research,
  definition: TaskDefinition,
  urls: string[],
  concurrency: number,
) {
  const t0 = performance.now();
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const prepared = prepareRun(definition, [urls[next++]!], true);
        if (!prepared.ok) throw new Error(prepared.message);
        const r = await research({ ...prepared.run, turbo: false });
        if (!r.error_detected) ok++;
      }
    }),
  );
  return { rate: urls.length / ((performance.now() - t0) / 1000), ok };
}

export interface BatchState {
  completed: boolean;
  jobs_completed: number;
  jobs_failed: number;
  jobs_added: number;
  finished_at: string | null;
}

// How often a throughput run asks whether its batch is done. The run's time is the batch's own
// finished_at (when its last result was stored), not when a poll happened to see it, so polling need
// not be fast; fast polling only loaded the engine under test (at 25 ms it was ~15% of the main
// thread's work during a run, which the bare loop never pays).
export const THROUGHPUT_POLL_MS = 200;

/**
 * Uploads `file` as a batch at the current time and waits for it: the batch's result and its time from
 * the start of the upload to its finished_at, in seconds. The upload and the polls go through `client`,
 * a process of its own: in this process the client's work (~10 ms of the main thread per 1,000-row
 * run, building and sending the upload) was counted against the engine it measures.
 */
export async function timeBatch(
  client: BenchClient,
  base: string,
  file: string,
  fields: Record<string, string>,
  timeoutMs: number,
  afterUpload?: () => void,
) {
  const startedAt = Date.now();
  const { value: batch } = await client.upload<{ batch_id: string }>(base, '/v0.1/batches', file, fields);
  afterUpload?.();
  const done = await waitForBatch(base, batch.batch_id, timeoutMs, THROUGHPUT_POLL_MS, client);
  if (!done?.finished_at) throw new Error(`batch ${batch.batch_id} did not complete within ${timeoutMs} ms`);
  return { batch: done, seconds: (Date.parse(done.finished_at) - startedAt) / 1000 };
}

export async function waitForBatch(
  base: string,
  id: string,
  timeoutMs: number,
  everyMs = 50,
  client?: BenchClient,
): Promise<BatchState | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const b = client
      ? await client.get<BatchState>(base, `/v0/batches/${id}`)
      : await call<BatchState>(base, 'GET', `/v0/batches/${id}`);
    if (b.completed) return b;
    if (Date.now() > until) return null;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export interface BenchClient {
  /** POSTs the file (and fields) as multipart to base+endpoint; `ms` is the client's wall time. */
  upload<T = any>(
    base: string,
    endpoint: string,
    file: string,
    fields: Record<string, string>,
  ): Promise<{ ms: number; value: T }>;
  /** GETs base+endpoint: the envelope's data. */
  get<T = any>(base: string, endpoint: string): Promise<T>;
  /** GETs a streamed body (with the API key when `auth`) and counts its lines as they arrive. */
  lines(url: string, auth: boolean): Promise<number>;
  close(): void;
}

/** The benchmarks' client, in its own process (bench/client-process.mjs), as a real client is. */
export function startBenchClient(): BenchClient {
  const child = fork(fileURLToPath(new URL('./client-process.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  type Reply = { ms: number; status: number; body: string; lines?: number; error?: string };
  const waiting = new Map<number, (m: Reply) => void>();
  let nextId = 1;
  child.on('message', (m: Reply & { id: number }) => {
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  return {
    upload(base, endpoint, file, fields) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (m) => {
          if (m.error) return reject(new Error(`upload failed: ${m.error}`));
          const env = JSON.parse(m.body) as { data: any; error?: { message: string } };
          if (m.status >= 300) return reject(new Error(`${endpoint} → ${m.status}: ${m.body.slice(0, 300)}`));
          resolve({ ms: m.ms, value: env.data });
        });
        child.send({ id, url: `${base}${endpoint}`, file, fields, key: BENCH_KEY });
      });
    },
    get(base, endpoint) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (m) => {
          if (m.error) return reject(new Error(`GET ${endpoint} failed: ${m.error}`));
          if (m.status >= 300)
            return reject(new Error(`GET ${endpoint} → ${m.status}: ${m.body.slice(0, 300)}`));
          resolve((JSON.parse(m.body) as { data: any }).data);
        });
        child.send({ id, url: `${base}${endpoint}`, key: BENCH_KEY });
      });
    },
    lines(url, auth) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (m) => {
          if (m.error) return reject(new Error(`GET ${url} failed: ${m.error}`));
          if (m.status >= 300) return reject(new Error(`GET ${url} → ${m.status}`));
          resolve(m.lines!);
        });
        child.send({ id, url, key: auth ? BENCH_KEY : undefined, lines: true });
      });
    },
    close: () => child.kill(),
  };
}

/**
 * The fixture website in a process of its own (tests/fixtures/site/serve.ts): a real website never
 * shares an event loop with the engine, and in the same process every page it serves would wait
 * behind the engine's work (and count as the engine's cost). Both sides of a comparison use it.
 */
export async function startSiteProcess(): Promise<{
  url: string;
  close(): Promise<void>;
  cpuMs(): number | null;
}> {
  const { startScript, stopProcess } = await import('../tests/support/processes');
  const p = await startScript('tests/fixtures/site/serve.ts', process.env, /fixture site on (http:\/\/\S+)/);
  return { url: p.url!, close: () => stopProcess(p), cpuMs: () => processCpuMs(p.child.pid) };
}

/** CPU time (user + system) of another process so far, from /proc; null where there is none. */
function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms (USER_HZ 100)
  } catch {
    return null;
  }
}
