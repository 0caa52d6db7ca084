// Peak RSS growth of the engine's process while it accepts the largest uploads its limits let through:
// an XLSX with every part the reader keeps in memory (shared strings, relationships, styles, the
// workbook) filled to just under its cap (lib/ingest/xlsx-part-limits.ts), and a large CSV. The
// files are written by another process (bench/write-upload-files.mjs), uploaded by the client process.
// Each kind runs as a section of its own (upload-memory-xlsx, upload-memory-csv): in one process the
// second would grow into the memory the first left, and show less than it costs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MAX_RICH_TEXT_RUNS,
  MAX_SHARED_STRINGS,
  SHARED_STRINGS_LIMIT,
  SHEET_RELS_LIMIT,
  STYLES_LIMIT,
  WORKBOOK_LIMIT,
  WORKBOOK_RELS_LIMIT,
} from '@/lib/ingest/xlsx-part-limits';
import { call, createTask, fmt, startBenchClient, startBenchEngine } from './bench-engine';
import { line, verdict, withPeakRss } from './util';

const XLSX_ROWS = Number(process.env.BENCH_UPLOAD_XLSX_ROWS ?? 100_000);
const CSV_MB = Number(process.env.BENCH_UPLOAD_CSV_MB ?? 190);
const TARGET_MB = 300;

export const uploadMemoryXlsxBench = (): Promise<void> => uploadMemoryBench('xlsx');
export const uploadMemoryCsvBench = (): Promise<void> => uploadMemoryBench('csv');

async function uploadMemoryBench(kind: 'xlsx' | 'csv'): Promise<void> {
  const b = await startBenchEngine({ QUARRY_WORKER: 'off' }, { startWorker: false });
  const uploader = startBenchClient();
  try {
    const taskId = await createTask(b.url);
    const limits = {
      sharedStringsBytes: SHARED_STRINGS_LIMIT.maxBytes,
      maxStrings: MAX_SHARED_STRINGS,
      maxRuns: MAX_RICH_TEXT_RUNS,
      sheetRelsBytes: SHEET_RELS_LIMIT.maxBytes,
      stylesBytes: STYLES_LIMIT.maxBytes,
      workbookBytes: WORKBOOK_LIMIT.maxBytes,
      workbookRelsBytes: WORKBOOK_RELS_LIMIT.maxBytes,
    };
    const writer = fileURLToPath(new URL('./write-upload-files.mjs', import.meta.url));
    const args = [writer, b.dir, kind, String(kind === 'xlsx' ? XLSX_ROWS : CSV_MB), JSON.stringify(limits)];
    const out = execFileSync(process.execPath, args, { encoding: 'utf8' });
    const { file, rows } = JSON.parse(out.trim().split('\n').pop()!) as { file: string; rows: number };
    const what = kind === 'xlsx' ? 'XLSX, every in-memory part at its cap' : 'CSV';
    console.log(
      `\n## Peak RSS growth while accepting a large ${kind.toUpperCase()} upload (${b.engine.store.kind}; HTTP upload from a client process)`,
    );
    const mb = fs.statSync(file).size / 2 ** 20;
    const r = await withPeakRss(() =>
      uploader.upload<{ batch_id: string; jobs_added: number }>(b.url, '/v0.1/batches', file, {
        task_id: taskId,
      }),
    );
    if (r.value.value.jobs_added !== rows)
      throw new Error(`${what}: ingest added ${r.value.value.jobs_added} of ${rows}`);
    await call(b.url, 'POST', `/v0.1/batches/${r.value.value.batch_id}/cancel`);
    line(
      `${what} (${mb.toFixed(0)} MB, ${fmt(rows)} rows)`,
      `+${r.peakGrowthMb.toFixed(0)} MB`,
      `accepted in ${(r.ms / 1000).toFixed(1)} s; target under +${TARGET_MB} MB RSS: ${verdict(r.peakGrowthMb < TARGET_MB)}`,
    );
  } finally {
    uploader.close();
    await b.close();
  }
}
