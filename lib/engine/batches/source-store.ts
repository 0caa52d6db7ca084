import fs from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { eq, sql, type SQL } from 'drizzle-orm';
import { detectFormat, SNIFF_BYTES } from '@/lib/ingest/detect-format';
import type { ColumnOptions, InputFormat } from '@/lib/ingest/types';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { batchSources } from '../db/schema';

// Keeps a spreadsheet upload's bytes with its batch (db/schema.ts, batch_sources), for downloads that
// give back the analyst's columns. Written while the rows are stored, read back a part at a time.
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
}

export interface BatchSource {
  format: InputFormat;
  filename: string;
  options: ColumnOptions;
}

/** The upload's format, from its name and first bytes (as the readers tell it). */
export async function sourceFormat(file: SourceFile): Promise<InputFormat> {
  let head = file.bytes?.subarray(0, SNIFF_BYTES);
  if (!head) {
    const fh = await fs.promises.open(file.path, 'r');
    try {
      const buf = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
      head = buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }
  return detectFormat(file.filename, head);
}

/** The upload gzipped, in parts of PART_BYTES. */
async function* fileParts(file: SourceFile): AsyncGenerator<Buffer> {
  const raw = file.bytes
    ? Readable.from([file.bytes])
    : fs.createReadStream(file.path, { highWaterMark: 1 << 20 });
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
  const format = await sourceFormat(file).catch(() => null);
  // An unreadable file fails the scan with its own message; nothing to keep for it.
  if (format === null || format === 'jsonl') return;
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
  for await (const bytes of fileParts(file)) {
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
