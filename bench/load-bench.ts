// API latency and throughput under 200 concurrent connections (autocannon) on read endpoints while a
// batch runs, against a route that touches no store (/healthz) in the same run. The engine runs in its
// own process (scripts/serve-engine.ts, embedded worker) so the load generator does not share its CPU
// time slice with the server's event loop; zero errors and a completed batch are required.
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { startFixtureSite } from '../tests/fixtures/site/server';
import { startScript, stopProcess } from '../tests/support/processes';
import { BENCH_KEY, call, createTask, fmt, uploadBatch, waitForBatch, writeJsonl } from './bench-engine';
import { line, tmpDir, verdict } from './util';

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const BASELINE_SECONDS = Number(process.env.BENCH_LOAD_BASELINE_SECONDS ?? 10);
const ROWS = Number(process.env.BENCH_LOAD_ROWS ?? 4_000);

/** Failed requests: autocannon's `errors` already include its timeouts. */
function errorsOf(r: Result): number {
  return r.errors + r.non2xx;
}

function report(label: string, r: Result): void {
  const codes = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, v]) => `${v.count}× HTTP ${code}`);
  const detail = [
    ...codes,
    r.errors - r.timeouts ? `${r.errors - r.timeouts} socket errors` : '',
    r.timeouts ? `${r.timeouts} timeouts` : '',
  ].filter(Boolean);
  line(
    label,
    `${fmt(r.requests.average)} req/s`,
    `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${fmt(r.requests.total)} requests, ${errorsOf(r)} errors${detail.length ? ` (${detail.join(', ')})` : ''}`,
  );
}

export async function loadBench(): Promise<void> {
  const site = await startFixtureSite();
  const dir = tmpDir('quarry-load-');
  const server = await startScript(
    'scripts/serve-engine.ts',
    {
      ...process.env,
      PORT: '0',
      QUARRY_DATA_DIR: dir,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      QUARRY_API_KEY: BENCH_KEY,
      QUARRY_ALLOW_PRIVATE_URLS: '1',
      // The per-key request limit would answer 429s: this measures the server, not the limiter.
      QUARRY_RATE_LIMIT_PER_MIN: '0',
      QUARRY_WORKER_CONCURRENCY: '8',
      QUARRY_HOST_CONCURRENCY: '8',
    },
    /listening on (http:\/\/\S+)/,
  );
  const base = server.url!;
  try {
    const taskId = await createTask(base);
    const file = path.join(dir, 'load.jsonl');
    // Pages answer after 100 ms, so the batch keeps the worker busy through both load runs.
    await writeJsonl(file, ROWS, (i) => `${site.url}/slow/100/co/${i}/`);
    const t0 = performance.now();
    const batch = await uploadBatch(base, file, { task_id: taskId });
    const headers = { 'x-api-key': BENCH_KEY };

    const baseline = await autocannon({
      url: `${base}/healthz`,
      connections: CONNECTIONS,
      duration: BASELINE_SECONDS,
    });
    const reads = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers,
      requests: [
        { method: 'GET', path: `/v0/batches/${batch.batch_id}` },
        { method: 'GET', path: '/v0/batches?page_size=20' },
        { method: 'GET', path: `/v0.1/tasks/${taskId}` },
        { method: 'GET', path: `/v0.1/batches/${batch.batch_id}/rows?limit=50` },
      ],
    });
    const during = await call<{ jobs_completed: number }>(base, 'GET', `/v0/batches/${batch.batch_id}`);
    const done = await waitForBatch(base, batch.batch_id, 600_000, 200);
    const batchS = (performance.now() - t0) / 1000;

    console.log(
      `\n## API under load: ${CONNECTIONS} connections, reads for ${SECONDS} s while a ${fmt(ROWS)}-row batch runs`,
    );
    report(`/healthz (no store; ${BASELINE_SECONDS} s)`, baseline);
    report('read endpoints (batch, list, task, rows)', reads);
    line(
      'read throughput / static route',
      `${(reads.requests.average / baseline.requests.average).toFixed(2)}×`,
    );
    const clean = errorsOf(reads) === 0 && errorsOf(baseline) === 0;
    line(
      'failed requests (errors, timeouts, non-2xx)',
      `${errorsOf(reads) + errorsOf(baseline)}`,
      `target 0: ${verdict(clean)}`,
    );
    line('batch jobs completed during the load runs', `${fmt(during.jobs_completed)}`);
    line(
      'batch completed',
      done ? `${fmt(done.jobs_completed)} / ${fmt(ROWS)}` : 'NO',
      done
        ? `in ${batchS.toFixed(0)} s, ${done.jobs_failed} failed: ${verdict(done.jobs_failed === 0)}`
        : verdict(false),
    );
  } finally {
    await stopProcess(server, 'SIGTERM');
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
