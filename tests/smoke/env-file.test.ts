import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

// `npm run keys` and `npm run worker` read a `.env` file as `npm start` does (npm-start.test.ts), and
// the environment wins over it. QUARRY_ENV_FILE points them at a file of the test's own.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-env-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(script: string, args: string[], env: NodeJS.ProcessEnv, until?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const take = (d: Buffer) => {
      out += d.toString();
      if (until?.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

function baseEnv(file: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, QUARRY_ENV_FILE: file };
  for (const k of ['DATABASE_URL', 'QUARRY_DATA_DIR', 'QUARRY_WORKER_CONCURRENCY', 'QUARRY_API_KEY'])
    delete env[k];
  return env;
}

it('npm run keys takes its data directory from the .env file', async () => {
  const file = path.join(dir, 'keys.env');
  const dataDir = path.join(dir, 'keys-store');
  fs.writeFileSync(file, `# a comment\nQUARRY_DATA_DIR=${dataDir}\nQUARRY_LLM_MODEL=\n`);
  const { code, out } = await run('scripts/keys.ts', ['create', 'from-env-file'], baseEnv(file));
  expect(code, out).toBe(0);
  expect(out).toContain('from-env-file');
  expect(fs.existsSync(dataDir)).toBe(true);
}, 60_000);

it('npm run worker reads the .env file, and the environment wins over it', async () => {
  const file = path.join(dir, 'worker.env');
  fs.writeFileSync(file, `QUARRY_DATA_DIR=${path.join(dir, 'worker-store')}\nQUARRY_WORKER_CONCURRENCY=0\n`);
  const bad = await run('scripts/worker.ts', [], baseEnv(file));
  expect(bad.code).not.toBe(0);
  expect(bad.out).toContain('QUARRY_WORKER_CONCURRENCY');
  const good = await run(
    'scripts/worker.ts',
    [],
    { ...baseEnv(file), QUARRY_WORKER_CONCURRENCY: '3' },
    /running \(concurrency 3\)/,
  );
  expect(good.out).toMatch(/worker \S+ running \(concurrency 3\)/);
}, 60_000);
