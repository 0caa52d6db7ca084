// Ingest of 1M JSONL rows through create-batch (HTTP upload, parse, check, store), against a bare
// read-lines + JSON.parse of the same file; peak RSS growth. (100k rows: bench/engine-bench.ts.)
// BENCH_INGEST_FORMAT=csv uploads the same rows as a CSV with three more columns an analyst would
// have (owner, company, notes), which a download gives back: the upload's bytes are kept for it.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import {
  bareParse,
  call,
  createTask,
  fmt,
  startBenchEngine,
  startBenchClient,
  writeJsonl,
} from './bench-engine';
import { line, median, verdict, withPeakRss } from './util';

const ROWS = Number(process.env.BENCH_INGEST_1M_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_INGEST_1M_REPEAT ?? 3);
const FORMAT = process.env.BENCH_INGEST_FORMAT === 'csv' ? 'csv' : 'jsonl';

async function writeCsv(file: string, n: number, input: (i: number) => string): Promise<void> {
  const out = fs.createWriteStream(file);
  out.write('data_uuid,website,owner,company,notes\n');
  for (let i = 0; i < n; i++) {
    const row = `row-${i},${input(i)},Owner ${i % 97},"Company ${i}, Ltd",note number ${i}\n`;
    if (!out.write(row)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}

/** The CSV baseline: read the lines and split each at its commas. Rows per second. */
async function bareSplit(file: string): Promise<number> {
  const t0 = performance.now();
  let n = 0;
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const l of rl) if (l.split(',').length > 1) n++;
  return n / ((performance.now() - t0) / 1000);
}

export async function ingestBench(): Promise<void> {
  const b = await startBenchEngine({ QUARRY_WORKER: 'off' }, { startWorker: false });
  try {
    const taskId = await createTask(b.url);
    const file = path.join(b.dir, `rows-1m.${FORMAT}`);
    const site = (i: number) => `https://site-${i % 5000}.example.com/`;
    if (FORMAT === 'csv') await writeCsv(file, ROWS, site);
    else await writeJsonl(file, ROWS, site);
    const mb = fs.statSync(file).size / 2 ** 20;
    const bareRead = FORMAT === 'csv' ? bareSplit : bareParse;
    await bareRead(file); // warm-up
    const bare: number[] = [];
    const create: number[] = [];
    let rss = 0;
    // The client runs in its own process, as a real client does (see bench/engine-bench.ts).
    const uploader = startBenchClient();
    try {
      for (let i = 0; i < REPEAT; i++) {
        bare.push(await bareRead(file));
        const c = await withPeakRss(() =>
          uploader.upload<{ batch_id: string; jobs_added: number }>(b.url, '/v0.1/batches', file, {
            task_id: taskId,
          }),
        );
        if (c.value.value.jobs_added !== ROWS) throw new Error(`ingest added ${c.value.value.jobs_added}`);
        create.push(ROWS / (c.value.ms / 1000));
        rss = Math.max(rss, c.peakGrowthMb);
        await call(b.url, 'POST', `/v0.1/batches/${c.value.value.batch_id}/cancel`);
      }
    } finally {
      uploader.close();
    }
    const ratio = median(create) / median(bare);
    console.log(
      `\n## Ingest of ${fmt(ROWS)} ${FORMAT.toUpperCase()} rows (${mb.toFixed(0)} MB, ${b.engine.store.kind}; HTTP upload from a client process), median of ${REPEAT}`,
    );
    line(
      FORMAT === 'csv' ? 'bare read-lines + split' : 'bare read-lines + JSON.parse',
      `${fmt(median(bare))} rows/s`,
    );
    line(
      'create-batch (receive, parse, check, store)',
      `${fmt(median(create))} rows/s`,
      `${ratio.toFixed(2)}× — target ≥ 0.5×: ${verdict(ratio >= 0.5)}`,
    );
    line(
      'peak RSS growth during create-batch',
      `${rss.toFixed(0)} MB`,
      `accepted in full; target ≤ 250 MB: ${verdict(rss <= 250)}`,
    );
  } finally {
    await b.close();
  }
}
