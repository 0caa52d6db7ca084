import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { eq, sql, type SQL } from 'drizzle-orm';
import { detectFormat, SNIFF_BYTES } from '@/lib/ingest/detect-format';
import type { ColumnOptions, InputFormat } from '@/lib/ingest/types';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { batchSources } from '../db/schema';
import { readFileChunks, type FileProgress } from './scan-thread/file-progress';

// Keeps a spreadsheet upload's bytes with its batch (db/schema.ts, batch_sources), for downloads that
// give back the analyst's columns. Written while the rows are stored (for an early ingest, while the
// upload arrives, as its rows are read), read back a part at a time.
// The bytes cross to the store as base64 text, decoded and encoded by the store itself: a bytea
// parameter took PGlite ~1.5 s per MiB to write and ~0.4 s to read back, base64 ~20-60 ms (measured
// 2026-11-27 on the bench machine; a 17 MB CSV ingest went from 241k to 14k rows/s with bytea).
// The bytes are gzipped first (level 1, on libuv's threads, off the main thread): the store thread
// is the one every write waits on, and a CSV shrinks several times.

const PART_BYTES = 1 << 20;
/** Parts per insert: a few MiB per statement keeps each store transaction short. */
const PARTS_PER_INSERT = 4;

export interface SourceFile {
  path: string;
  filename: string;
  bytes?: Uint8Array;
  /** A spool still being written (an early ingest): read as it grows, stored as it arrives. */
  progress?: FileProgress;
}

export interface BatchSource {
  format: InputFormat;
  filename: string;
  options: ColumnOptions;
}

function rawChunks(file: SourceFile): AsyncGenerator<Uint8Array> {
  return file.bytes
    ? (async function* () {
        yield file.bytes!;
      })()
    : readFileChunks(file.path, file.progress);
}

/** The first bytes (at least SNIFF_BYTES unless the file is shorter) and the format they tell. */
async function sniff(chunks: AsyncGenerator<Uint8Array>, filename: string) {
  const head: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.byteLength;
  }
  const first = Buffer.concat(head).subarray(0, SNIFF_BYTES);
  let format: InputFormat | null = null;
  try {
    format = detectFormat(filename, first);
  } catch {
    // An unreadable file fails the scan with its own message; nothing to keep for it.
  }
  return { head, ended, format };
}

/** The upload gzipped, in parts of PART_BYTES. */
async function* gzipParts(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  const raw = Readable.from(chunks, { objectMode: false });
  const gz = raw.pipe(createGzip({ level: 1 }));
  raw.once('error', (err: Error) => gz.destroy(err));
  let held: Buffer[] = [];
  let size = 0;
  for await (const chunk of gz) {
    held.push(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
    if (size >= PART_BYTES) {
      yield Buffer.concat(held);
      held = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(held);
}

/** Stores a CSV/XLSX upload's bytes for its batch; a JSONL upload stores nothing. */
export async function storeSource(
  db: Db,
  batchId: string,
  file: SourceFile,
  options: ColumnOptions,
): Promise<void> {
  const chunks = rawChunks(file);
  const { head, ended, format } = await sniff(chunks, file.filename);
  if (format === null || format === 'jsonl') {
    await chunks.return(undefined);
    return;
  }
  await db
    .insert(batchSources)
    .values({ batchId, format, filename: file.filename, options: JSON.stringify(options) });
  let part = 0;
  let group: SQL[] = [];
  const flush = async () => {
    if (!group.length) return;
    const values = sql.join(group, sql`, `);
    group = [];
    await db.execute(sql`INSERT INTO batch_source_parts (batch_id, part, bytes) VALUES ${values}`);
  };
  const all = (async function* () {
    yield* head;
    if (!ended) yield* chunks;
  })();
  for await (const bytes of gzipParts(all)) {
    const b64 = bytes.toString('base64');
    group.push(sql`(${batchId}, ${part++}, decode(${b64}, 'base64'))`);
    if (group.length >= PARTS_PER_INSERT) await flush();
  }
  await flush();
}

export async function findSource(db: Db, batchId: string): Promise<BatchSource | null> {
  const [row] = await db.select().from(batchSources).where(eq(batchSources.batchId, batchId));
  if (!row) return null;
  return {
    format: row.format as InputFormat,
    filename: row.filename,
    options: JSON.parse(row.options) as ColumnOptions,
  };
}

/** The format the batch was uploaded in: a kept spreadsheet's, else JSONL (or a derived batch). */
export async function uploadFormat(db: Db, batchId: string): Promise<InputFormat> {
  const [row] = await db
    .select({ format: batchSources.format })
    .from(batchSources)
    .where(eq(batchSources.batchId, batchId));
  return (row?.format as InputFormat | undefined) ?? 'jsonl';
}

/** The upload's bytes in order, read a part at a time, so a download holds one part at a time. */
export function sourceBytes(db: Db, batchId: string): AsyncIterable<Uint8Array> {
  const gunzip = createGunzip();
  const parts = Readable.from(storedParts(db, batchId));
  parts.once('error', (err) => gunzip.destroy(err));
  return parts.pipe(gunzip);
}

async function* storedParts(db: Db, batchId: string): AsyncGenerator<Buffer> {
  for (let part = 0; ; part++) {
    const [row] = await queryRows<{ b64: string }>(
      db,
      sql`SELECT encode(bytes, 'base64') AS b64 FROM batch_source_parts
          WHERE batch_id = ${batchId} AND part = ${part}`,
    );
    if (!row) return;
    yield Buffer.from(row.b64, 'base64');
  }
}
