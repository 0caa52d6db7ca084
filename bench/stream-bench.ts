// Streaming 100k result rows as JSONL (the spec's NDJSON stream) and CSV (the signed results file),
// against a bare paged read of the same rows from the store (on the embedded store the uploaded rows
// with their result blocks laid over them; on PostgreSQL finished job rows); peak RSS growth of the
// process.
import { and, asc, eq, gt } from 'drizzle-orm';
import { batchRows, batches, jobs, resultBlocks } from '../lib/engine/db/schema';
import { iterateHandedOut } from '../lib/engine/batches/handed-out';
import { overlayResultBlocks, resultBlockRow, type BlockEntry } from '../lib/engine/batches/result-blocks';
import { BLOCK_ROWS, encodeBlock, type StoredRow } from '../lib/engine/batches/row-block-format';
import { newId } from '../lib/engine/ids';
import { signedFileUrl } from '../lib/engine/batches/file-url';
import { readLinkKey } from '../lib/engine/batches/link-key';
import { loadDefinition } from '../lib/engine/tasks/queries';
import type { Db } from '../lib/engine/db/client';
import { createTask, fmt, startBenchClient, startBenchEngine } from './bench-engine';
import { line, median, verdict, withPeakRss } from './util';

const ROWS = Number(process.env.BENCH_STREAM_ROWS ?? 100_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const PAGE = 1000;
// Flat memory is checked on ten times the rows, streamed once each way. A process's peak RSS growth
// moves with when V8 collects and how malloc keeps freed chunks: the same 100,000-row stream read
// 2-83 MB from run to run, so a bound near those figures said more about the collector than the
// stream. At 1,000,000 rows the output alone is ~100 MB of CSV and ~425 MB of JSONL (the rows as
// objects far more), so a stream that held either could not stay under FLAT_MB; one that pages stays
// where it was at 100,000 rows.
const FLAT_ROWS = Number(process.env.BENCH_STREAM_FLAT_ROWS ?? 1_000_000);
const FLAT_MB = 128;

// A completion group of the embedded store's worker carries ~100-150 results (queue/block-job-store.ts).
const BLOCK = 128;

/**
 * A finished batch written straight into the store (no research), in the shape its upload and worker
 * leave: on the embedded store the uploaded row blocks and the results in result blocks, no job rows
 * (batches.rowless_claims); on PostgreSQL finished job rows.
 */
export async function seedResults(
  db: Db,
  taskId: string,
  fields: string[],
  inBlocks: boolean,
  rows = ROWS,
): Promise<string> {
  const batchId = newId('bat');
  await db.insert(batches).values({
    id: batchId,
    taskId,
    taskVersion: 1,
    name: 'stream bench',
    jobStatus: 'COMPLETED',
    completed: true,
    jobsSubmitted: rows,
    jobsAdded: rows,
    jobsCompleted: rows,
    nextOrd: rows,
    rowlessClaims: inBlocks,
  });
  // As a real batch's: every job starts at its own time (a millisecond apart here), and finishes with
  // the others of its completion group (a result block) or, in job rows, on its own.
  const t0 = Date.now();
  const startOf = (i: number) => new Date(t0 + i);
  for (let from = 0; from < rows; from += 2000) {
    const values = [];
    const entries: BlockEntry[] = [];
    const uploaded: StoredRow[] = [];
    for (let i = from; i < Math.min(rows, from + 2000); i++) {
      const url = `https://company-${i}.example.com/`;
      const data: Record<string, unknown> = {};
      for (const f of fields)
        data[f] = f.includes('email')
          ? `info@company-${i}.example.com`
          : `+1 415 555 ${String(i % 10_000).padStart(4, '0')}`;
      const result = {
        data_json: data,
        list_data_json: null,
        list: false,
        data_sources: { [fields[0] ?? 'x']: [url] },
        elapsed_ms: 120,
      };
      values.push({
        jobId: newId('job'),
        batchId,
        seq: i,
        dataUuid: `row-${i}`,
        inputs: [url],
        host: `company-${i}.example.com`,
        state: inBlocks ? 'running' : 'succeeded',
        attempts: 1,
        result: inBlocks ? null : result,
        startedAt: startOf(i),
        finishedAt: inBlocks ? null : startOf(i + 5),
      });
      entries.push([i, 'succeeded', result, false, null, values[values.length - 1]!.jobId, t0 + i]);
      uploaded.push([i, `row-${i}`, [url]]);
    }
    if (!inBlocks) {
      await db.insert(jobs).values(values);
      continue;
    }
    for (let k = 0; k < uploaded.length; k += BLOCK_ROWS) {
      await db.insert(batchRows).values({
        batchId,
        block: (from + k) / BLOCK_ROWS,
        rows: encodeBlock(uploaded.slice(k, k + BLOCK_ROWS)),
      });
    }
    for (let k = 0; k < entries.length; k += BLOCK) {
      const group = entries.slice(k, k + BLOCK);
      await db
        .insert(resultBlocks)
        .values({ ...resultBlockRow(batchId, group), finishedAt: startOf(group[group.length - 1]![0] + 5) });
    }
  }
  return batchId;
}

async function bareRead(db: Db, batchId: string, rowless: boolean): Promise<number> {
  let n = 0;
  if (rowless) {
    for await (const page of iterateHandedOut(db, { id: batchId, nextOrd: ROWS }, 0, PAGE)) n += page.length;
    return n;
  }
  let after = -1;
  for (;;) {
    const page = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.batchId, batchId), gt(jobs.seq, after)))
      .orderBy(asc(jobs.seq))
      .limit(PAGE);
    await overlayResultBlocks(db, batchId, page);
    n += page.length;
    if (page.length < PAGE) return n;
    after = page[page.length - 1]!.seq;
  }
}

export async function streamBench(): Promise<void> {
  const b = await startBenchEngine({ QUARRY_WORKER: 'off' }, { startWorker: false });
  // The client reads the streams in a process of its own, as a real client does: in this process its
  // reading (and its HTTP parsing) counted against the server's rate.
  const client = startBenchClient();
  try {
    const taskId = await createTask(b.url);
    const { definition } = await loadDefinition(b.engine.db, taskId);
    const fields = definition.outputs.map((o) => o.name);
    const rowless = b.engine.store.kind === 'pglite';
    const seeded = await withPeakRss(() => seedResults(b.engine.db, taskId, fields, rowless));
    const batchId = seeded.value;
    await b.engine.store.vacuum();

    const runs = { bare: [] as number[], jsonl: [] as number[], csv: [] as number[] };
    const rss = { bare: 0, jsonl: 0, csv: 0 };
    const measure = async (kind: keyof typeof runs, fn: () => Promise<number>, expected: number) => {
      const r = await withPeakRss(fn);
      if (r.value !== expected) throw new Error(`${kind}: ${r.value} rows, expected ${expected}`);
      runs[kind].push(ROWS / (r.ms / 1000));
      rss[kind] = Math.max(rss[kind], r.peakGrowthMb);
    };
    const jsonlOf = (id: string) => () =>
      client.lines(`${b.url}/v0/batches/${id}/results?output_type=stream`, true);
    const linkKey = await readLinkKey(b.engine.db);
    const csvOf = (id: string) => () => client.lines(signedFileUrl(b.url, linkKey, id, 'csv'), false);
    const jsonl = jsonlOf(batchId);
    const csv = csvOf(batchId);
    await bareRead(b.engine.db, batchId, rowless); // warm-up of every path
    await jsonl();
    await csv();
    for (let i = 0; i < REPEAT; i++) {
      await measure('bare', () => bareRead(b.engine.db, batchId, rowless), ROWS);
      await measure('jsonl', jsonl, ROWS);
      await measure('csv', csv, ROWS + 1); // + header line
    }
    // Flat memory: ten times the rows, each way once (see FLAT_ROWS).
    const big = await seedResults(b.engine.db, taskId, fields, rowless, FLAT_ROWS);
    await b.engine.store.vacuum();
    const flat = { jsonl: 0, csv: 0 };
    for (const [kind, read, expected] of [
      ['jsonl', jsonlOf(big), FLAT_ROWS],
      ['csv', csvOf(big), FLAT_ROWS + 1],
    ] as const) {
      const r = await withPeakRss(read);
      if (r.value !== expected)
        throw new Error(`${kind} of ${FLAT_ROWS}: ${r.value} lines, expected ${expected}`);
      flat[kind] = r.peakGrowthMb;
    }
    const bare = median(runs.bare);
    console.log(
      `\n## Result streaming, ${fmt(ROWS)} rows (${b.engine.store.kind}), median of ${REPEAT}; memory also over ${fmt(FLAT_ROWS)} rows`,
    );
    line('seeding the rows (insert, not measured below)', `${(seeded.ms / 1000).toFixed(1)} s`);
    line(
      'bare read (keyset pages of 1,000 from the store)',
      `${fmt(bare)} rows/s`,
      `peak RSS +${rss.bare.toFixed(0)} MB`,
    );
    for (const kind of ['jsonl', 'csv'] as const) {
      const ratio = median(runs[kind]) / bare;
      const label =
        kind === 'jsonl' ? 'JSONL (results?output_type=stream, HTTP)' : 'CSV (signed results file, HTTP)';
      line(
        label,
        `${fmt(median(runs[kind]))} rows/s`,
        `${ratio.toFixed(2)}× — target ≥ 0.5×: ${verdict(ratio >= 0.5)}`,
      );
      line(`  peak RSS growth, ${fmt(ROWS)} rows`, `${rss[kind].toFixed(0)} MB`);
      line(
        `  peak RSS growth, ${fmt(FLAT_ROWS)} rows`,
        `${flat[kind].toFixed(0)} MB`,
        `flat (≤ ${FLAT_MB} MB): ${verdict(flat[kind] <= FLAT_MB)}`,
      );
    }
  } finally {
    client.close();
    await b.close();
  }
}
