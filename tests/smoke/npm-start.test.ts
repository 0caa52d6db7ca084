import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The README's first command, for real: `npm start` builds when needed and serves the engine through
// Next on the embedded store, with a generated key; SIGTERM closes the store and releases its lock.
// The port comes from a `.env` file (QUARRY_ENV_FILE names it here), whose data directory the
// environment overrides: the file is read, and the environment wins.
let child: ChildProcess;
let dataDir: string;
let log = '';
// QUARRY_SMOKE_PORT pins the port; otherwise the OS picks a free one.
const PORT = Number(
  process.env.QUARRY_SMOKE_PORT ||
    execFileSync(process.execPath, ['scripts/free-port.mjs'], { encoding: 'utf8' }).trim(),
);
const base = `http://127.0.0.1:${PORT}`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-smoke-'));
  const envFile = path.join(dataDir, 'smoke.env');
  fs.writeFileSync(envFile, `PORT=${PORT}\nQUARRY_DATA_DIR=${path.join(dataDir, 'from-the-file')}\n`);
  const env: NodeJS.ProcessEnv = { ...process.env, QUARRY_ENV_FILE: envFile, QUARRY_DATA_DIR: dataDir };
  delete env.PORT;
  delete env.QUARRY_API_KEY;
  delete env.DATABASE_URL;
  child = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  // The first start builds: 3-4 minutes on an idle 2-core machine, over 10 on a loaded one.
  const until = Date.now() + 1_500_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null || Date.now() > until) throw new Error(`npm start did not come up:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}, 1_560_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('serves the engine with a generated key, printed once and kept in the data dir', async () => {
  const key = fs.readFileSync(path.join(dataDir, 'api-key'), 'utf8').trim();
  expect(fs.existsSync(path.join(dataDir, 'from-the-file'))).toBe(false);
  expect(log).toContain(key);
  const health = await fetch(`${base}/`);
  expect((await health.json()).status).toBe('success');
  expect((await fetch(`${base}/api-test`, { method: 'POST', headers: { 'x-api-key': key } })).status).toBe(
    201,
  );
  const unauth = await fetch(`${base}/v0.1/tasks`);
  expect(unauth.status).toBe(401);
  const created = await fetch(`${base}/v0.1/tasks/create`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ description: 'Find the contact email of a company website' }),
  });
  expect(created.status).toBe(201);
  const form = new FormData();
  form.set('task_id', (await created.json()).data.task_id);
  form.set(
    'batch_input_data',
    new File(['{"data_uuid":"a","inputs":["https://example.invalid/"]}\n'], 'r.jsonl'),
  );
  const batch = await fetch(`${base}/v0.1/batches`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
  expect(batch.status).toBe(201);
});

it('SIGTERM closes the store and releases the data-directory lock', async () => {
  expect(fs.existsSync(path.join(dataDir, 'quarry.lock'))).toBe(true);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  expect(fs.existsSync(path.join(dataDir, 'quarry.lock'))).toBe(false);
  expect(log).toContain('SIGTERM: finishing in-flight work');
});
