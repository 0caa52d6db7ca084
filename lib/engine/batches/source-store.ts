import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { detectFormat, SNIFF_BYTES } from '@/lib/ingest/detect-format';
import type { ColumnOptions, InputFormat } from '@/lib/ingest/types';
import type { Db } from '../db/client';
import { batchSourceParts, batchSources } from '../db/schema';

// Keeps a spreadsheet upload's bytes with its batch (db/schema.ts, batch_sources), for downloads that
// give back the analyst's columns. Written while the rows are stored, read back a part at a time.

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

async function* fileParts(file: SourceFile): AsyncGenerator<Uint8Array> {
  if (file.bytes) {
    for (let at = 0; at < file.bytes.byteLength; at += PART_BYTES)
      yield file.bytes.subarray(at, at + PART_BYTES);
    return;
  }
  for await (const chunk of fs.createReadStream(file.path, { highWaterMark: PART_BYTES }))
    yield chunk as Buffer;
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
  let group: { batchId: string; part: number; bytes: Uint8Array }[] = [];
  for await (const bytes of fileParts(file)) {
    group.push({ batchId, part: part++, bytes });
    if (group.length >= PARTS_PER_INSERT) {
      await db.insert(batchSourceParts).values(group);
      group = [];
    }
  }
  if (group.length) await db.insert(batchSourceParts).values(group);
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

/** The stored bytes in order, one part per read, so a download holds one part at a time. */
export async function* sourceParts(db: Db, batchId: string): AsyncGenerator<Uint8Array> {
  for (let part = 0; ; part++) {
    const [row] = await db
      .select({ bytes: batchSourceParts.bytes })
      .from(batchSourceParts)
      .where(and(eq(batchSourceParts.batchId, batchId), eq(batchSourceParts.part, part)));
    if (!row) return;
    yield row.bytes;
  }
}
