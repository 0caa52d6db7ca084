// Batch throughput with 1, 2 and 4 worker processes (`npm run worker`) on one PostgreSQL, printed with
// the number of cores, so a reader sees where the machine rather than the design is the limit.
// Without DATABASE_URL it re-runs itself under scripts/with-postgres.sh (a throwaway cluster).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { startFixtureSite } from '../tests/fixtures/site/server';
import { createScratchDatabase } from '../tests/support/engine-harness';
import { startScript, stopProcess, type Started } from '../tests/support/processes';
import { BENCH_KEY, createTask, fmt, uploadBatch, waitForBatch, writeJsonl } from './bench-engine';
import { line, tmpDir } from './util';

const ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 2_000);
const WORKERS = (process.env.BENCH_SCALE_WORKERS ?? '1,2,4').split(',').map(Number);
const CONCURRENCY = 8;

export async function scaleBench(): Promise<void> {
  if (process.env.DATABASE_URL) return runScale();
  // A throwaway cluster, on a port of its own so it does not meet a test run's cluster.
  const child = spawn(
    'bash',
    ['scripts/with-postgres.sh', process.execPath, '--import', 'tsx', 'bench/scale-bench.ts'],
    {
      env: {
        ...process.env,
        QUARRY_TEST_PG_PORT: process.env.BENCH_PG_PORT ?? '55490',
        BENCH_SCALE_CHILD: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  for await (const l of readline.createInterface({ input: child.stdout! })) console.log(l);
  const code: number | null = child.exitCode ?? (await new Promise((r) => child.once('exit', r)));
  if (code === 3) console.log('\n## Worker scale-out: skipped (PostgreSQL server binaries not installed)');
  else if (code !== 0) throw new Error(`scale benchmark exited with ${code}`);
}

async function runScale(): Promise<void> {
  const site = await startFixtureSite();
  const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
  const dir = tmpDir('quarry-scale-');
  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...process.env,
    DATABASE_URL: scratch.url,
    QUARRY_DATA_DIR: dir,
    QUARRY_API_KEY: BENCH_KEY,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
    QUARRY_RATE_LIMIT_PER_MIN: '0',
    QUARRY_WORKER_CONCURRENCY: String(CONCURRENCY),
    QUARRY_HOST_CONCURRENCY: String(CONCURRENCY * 4),
    // Every fixture page is on one loopback host: the politeness delay between a job's pages (100 ms
    // by default) would bound every figure, as in the throughput benchmark where it is 0 too.
    QUARRY_HOST_DELAY_MS: '0',
    PORT: '0',
    ...extra,
  });
  const procs: Started[] = [];
  try {
    const apiProc = await startScript(
      'scripts/serve-engine.ts',
      env({ QUARRY_WORKER: 'off' }),
      /listening on (http:\/\/\S+)/,
    );
    procs.push(apiProc);
    const base = apiProc.url!;
    const taskId = await createTask(base);
    const results: { workers: number; rate: number; failed: number }[] = [];
    for (const [run, n] of WORKERS.entries()) {
      const workers = await Promise.all(
        Array.from({ length: n }, () => startScript('scripts/worker.ts', env(), /worker (\S+) running/)),
      );
      procs.push(...workers);
      const file = path.join(dir, `scale-${n}.jsonl`);
      await writeJsonl(file, ROWS, (i) => `${site.url}/co/${run * ROWS + i}/`);
      const t0 = performance.now();
      const batch = await uploadBatch(base, file, { task_id: taskId });
      const done = await waitForBatch(base, batch.batch_id, 600_000, 50);
      if (!done) throw new Error(`${n} worker(s): the batch did not complete`);
      results.push({ workers: n, rate: ROWS / ((performance.now() - t0) / 1000), failed: done.jobs_failed });
      await Promise.all(workers.map((w) => stopProcess(w, 'SIGTERM')));
    }
    const one = results[0]!.rate;
    console.log(
      `\n## Worker scale-out on PostgreSQL: ${fmt(ROWS)} rows per run, ${CONCURRENCY} jobs at once per worker, ${os.availableParallelism()} cores`,
    );
    for (const r of results) {
      line(
        `${r.workers} worker process${r.workers > 1 ? 'es' : ''} (+ 1 API process)`,
        `${r.rate.toFixed(1)} jobs/s`,
        `${(r.rate / one).toFixed(2)}× one worker${r.failed ? `, ${r.failed} failed` : ''}`,
      );
    }
    console.log(
      `(all processes share the ${os.availableParallelism()} cores with PostgreSQL and the fixture site: once every core is busy, the machine, not the queue, bounds the figure)`,
    );
  } finally {
    for (const p of procs) await stopProcess(p, 'SIGKILL');
    await site.close();
    await scratch.drop();
  }
}

if (process.env.BENCH_SCALE_CHILD === '1' && process.argv[1]?.endsWith('scale-bench.ts')) {
  await runScale();
  process.exit(0);
}
