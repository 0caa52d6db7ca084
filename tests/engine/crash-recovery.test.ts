import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { createScratchDatabase, TEST_KEY } from '../support/engine-harness';

let site: FixtureSite;
let dataDir: string;
let databaseUrl = '';
let dropDb: (() => Promise<void>) | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-crash-'));
  if (process.env.DATABASE_URL) {
    const db = await createScratchDatabase(process.env.DATABASE_URL);
    databaseUrl = db.url;
    dropDb = db.drop;
  }
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await site?.close();
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Start the engine as its own process and resolve with its URL once it listens. */
function startProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve-engine.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      QUARRY_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      QUARRY_API_KEY: TEST_KEY,
      QUARRY_ALLOW_PRIVATE_URLS: '1',
      QUARRY_LEASE_MS: '2000',
      QUARRY_WORKER_CONCURRENCY: '4',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) resolve({ url: m[1]!, child });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`engine exited with ${code}:\n${out}`)));
  });
}

it('kill -9 during a batch, then a restart: the batch finishes with exactly one result per data_uuid', async () => {
  let proc = await startProcess();
  let api = apiClient(proc.url, TEST_KEY);
  const taskId = await createContactTask(api);
  const rows = Array.from({ length: 60 }, (_, n) => ({
    data_uuid: `k${n}`,
    inputs: [`${site.url}/slow/120/co/${n}/`],
  }));
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  expect(created.status).toBe(201);
  const id = created.body.data.batch_id;
  await waitFor(async () => (await api.get(`/v0/batches/${id}`)).body.data.jobs_completed >= 8 || undefined);

  proc.child.kill('SIGKILL');
  await new Promise((r) => proc.child.once('exit', r));

  proc = await startProcess();
  api = apiClient(proc.url, TEST_KEY);
  const final = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  }, 120_000);
  expect(final).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 60, jobs_added: 60 });

  const res = await api.get(`/v0/batches/${id}/results`);
  const uuids = res.body.data.data.map((r: { data_uuid: string }) => r.data_uuid);
  expect(uuids).toEqual(rows.map((r) => r.data_uuid));
  expect(new Set(uuids).size).toBe(60);
  expect(res.body.data.data.every((r: { status: string }) => r.status === 'succeeded')).toBe(true);
  proc.child.kill('SIGTERM');
  await new Promise((r) => proc.child.once('exit', r));
  // Two engine processes started (each compiles its TypeScript and boots its store) and 60 pages read:
  // 84 s of the 120 s it had beside two busy loops.
}, 300_000);

it('a second process on the same embedded data directory is refused with a clear message', async () => {
  if (databaseUrl) return; // the lock guards the embedded store only
  const first = await startProcess();
  await expect(startProcess()).rejects.toThrow(/Another Quarry process .* is using the data directory/);
  first.child.kill('SIGTERM');
  await new Promise((r) => first.child.once('exit', r));
}, 180_000); // two engine processes started: 29 s of the default 60 s beside two busy loops
