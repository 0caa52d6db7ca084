import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { loadConfig } from '../lib/engine/config';
import { createEngine, setProcessEngine } from '../lib/engine/runtime';
import { serveEngineHttp } from '../lib/engine/http/node-server';
import { createResearchPool } from '../lib/engine/research/pool/research-pool';
import { startFixtureSite } from '../tests/fixtures/site/server';
import { line, tmpDir, verdict, withPeakRss } from './util';

const KEY = 'qk_bench_0123456789abcdefghijklmnopqrstuvwxyz';
const INGEST_ROWS = Number(process.env.BENCH_INGEST_ROWS ?? 100_000);
const THROUGHPUT_ROWS = Number(process.env.BENCH_THROUGHPUT_ROWS ?? 600);
const CONCURRENCY = 8;

async function bareParse(file: string): Promise<number> {
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

async function post(url: string, form: FormData) {
  const res = await fetch(url, { method: 'POST', headers: { 'x-api-key': KEY }, body: form });
  const body = (await res.json()) as { data: any; message: string };
  if (!res.ok) throw new Error(`${res.status} ${body.message}`);
  return body.data;
}

async function fileForm(file: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('batch_input_data', await fs.openAsBlob(file), path.basename(file));
  return form;
}

export async function engineBench() {
  const site = await startFixtureSite();
  const dir = tmpDir('quarry-bench-');
  const config = loadConfig({
    ...process.env,
    QUARRY_DATA_DIR: dir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    QUARRY_API_KEY: KEY,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
    QUARRY_WORKER_CONCURRENCY: String(CONCURRENCY),
    QUARRY_HOST_CONCURRENCY: String(CONCURRENCY),
  });
  // One research pool for both the bare loop and the engine: identical work on the same threads.
  const researcher = createResearchPool({
    threads: config.researchThreads,
    options: {
      allowPrivate: true,
      timeoutMs: config.fetchTimeoutMs,
      maxBytes: 5 * 1024 * 1024,
      maxPages: config.maxPages,
      userAgent: 'QuarryBench',
    },
  });
  const { research } = researcher;
  const engine = await createEngine(config, { startWorker: false, research });
  setProcessEngine(engine);
  const http = await serveEngineHttp();
  const created = await fetch(`${http.url}/v0.1/tasks/create`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ description: 'Find the contact email address and phone number of a company website' }),
  });
  const taskId = ((await created.json()) as { data: { task_id: string } }).data.task_id;

  // (a, b) ingest
  const file = path.join(dir, 'rows.jsonl');
  const out = fs.createWriteStream(file);
  for (let i = 0; i < INGEST_ROWS; i++) out.write(JSON.stringify({ data_uuid: `row-${i}`, inputs: [`https://site-${i % 5000}.example.com/`] }) + '\n');
  await new Promise((r) => out.end(r));
  const bare = await bareParse(file);
  const validate = await withPeakRss(async () => post(`${http.url}/v0/batches/validate-data`, await fileForm(file, { task_id: taskId })));
  const ingest = await withPeakRss(async () => post(`${http.url}/v0.1/batches`, await fileForm(file, { task_id: taskId })));
  if (ingest.value.jobs_added !== INGEST_ROWS) throw new Error(`ingest added ${ingest.value.jobs_added}`);
  const ingestRate = INGEST_ROWS / (ingest.ms / 1000);
  const validateRate = INGEST_ROWS / (validate.ms / 1000);
  console.log(`\n## Ingest of ${INGEST_ROWS.toLocaleString()} JSONL rows (${engine.store.kind})`);
  line('bare read-lines + JSON.parse', `${Math.round(bare).toLocaleString()} rows/s`);
  line('validate-data (HTTP upload, parse, check)', `${Math.round(validateRate).toLocaleString()} rows/s`, `${(validateRate / bare).toFixed(2)}×`);
  line('create-batch (HTTP upload, parse, check, store)', `${Math.round(ingestRate).toLocaleString()} rows/s`, `${(ingestRate / bare).toFixed(2)}× — target ≥ 0.5×: ${verdict(ingestRate / bare >= 0.5)}`);
  line('peak RSS growth during create-batch', `${ingest.peakGrowthMb.toFixed(0)} MB`, `target ≤ 250 MB: ${verdict(ingest.peakGrowthMb <= 250)}`);
  // Cancel the big batch so it does not compete with the throughput run.
  await fetch(`${http.url}/v0.1/batches/${ingest.value.batch_id}/cancel`, { method: 'POST', headers: { 'x-api-key': KEY } });

  // (c) throughput: the engine (store + queue + worker) against a bare loop doing the same research.
  const urls = Array.from({ length: THROUGHPUT_ROWS }, (_, i) => `${site.url}/co/${i}/`);
  const { loadDefinition } = await import('../lib/engine/tasks/queries');
  const { prepareRun } = await import('../lib/engine/tasks/build-research');
  const { definition } = await loadDefinition(engine.db, taskId);
  const bareStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < urls.length) {
        const prepared = prepareRun(definition, [urls[next++]!], true);
        if (!prepared.ok) throw new Error(prepared.message);
        await research({ ...prepared.run, turbo: false });
      }
    }),
  );
  const bareRate = urls.length / ((performance.now() - bareStart) / 1000);

  const { Worker } = await import('../lib/engine/queue/worker');
  const worker = new Worker({
    db: engine.db,
    research,
    loadDefinition: async () => definition,
    allowPrivate: true,
    concurrency: CONCURRENCY,
    hostCap: CONCURRENCY,
    leaseMs: 30_000,
    maxAttempts: 3,
    jobTimeoutMs: 60_000,
  });
  const jsonl = path.join(dir, 'tp.jsonl');
  fs.writeFileSync(jsonl, urls.map((u, i) => JSON.stringify({ data_uuid: `t${i}`, inputs: [u] })).join('\n'));
  const t0 = performance.now();
  const batch = await post(`${http.url}/v0.1/batches`, await fileForm(jsonl, { task_id: taskId }));
  worker.start();
  for (;;) {
    const r = await fetch(`${http.url}/v0/batches/${batch.batch_id}`, { headers: { 'x-api-key': KEY } });
    const b = ((await r.json()) as { data: { completed: boolean; jobs_failed: number } }).data;
    if (b.completed) {
      if (b.jobs_failed > 0) console.log(`  (${b.jobs_failed} jobs failed)`);
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const engineRate = urls.length / ((performance.now() - t0) / 1000);
  await worker.stop();
  const threads = config.researchThreads > 0 ? `${config.researchThreads} research threads` : 'research in-process';
  console.log(`\n## Batch throughput, ${urls.length} rows on loopback fixture pages, concurrency ${CONCURRENCY}, ${threads}`);
  line('bare loop (same fetch, read, extract; no store)', `${bareRate.toFixed(1)} jobs/s`);
  line('engine (upload, queue, worker, results stored)', `${engineRate.toFixed(1)} jobs/s`, `${(engineRate / bareRate).toFixed(2)}× — target ≥ 0.85×: ${verdict(engineRate / bareRate >= 0.85)}`);

  await http.close();
  await engine.close();
  setProcessEngine(null);
  await researcher.close();
  await site.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
