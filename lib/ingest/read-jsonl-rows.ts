import type { TaskInput } from '@/lib/contract/task-definition';
import { decodeChunks } from './decode-text';
import { flattenBatches } from './flatten-batches';
import { JsonlRowParser } from './jsonl-row-parser';
import type { ChunkSource, IngestItem } from './types';

/**
 * Streams the rows of a JSONL batch input file. Never throws for a bad row (it yields an error item);
 * throws IngestFileError for whole-file problems: not UTF-8, no rows.
 */
export function readJsonlRows(
  chunks: ChunkSource,
  inputs: readonly TaskInput[],
): AsyncGenerator<IngestItem, void, undefined> {
  return flattenBatches(readJsonlBatches(chunks, inputs));
}

/** The same rows, one array per chunk: the cheapest way to consume them when inserting in bulk. */
export async function* readJsonlBatches(
  chunks: ChunkSource,
  inputs: readonly TaskInput[],
): AsyncGenerator<IngestItem[], void, undefined> {
  const parser = new JsonlRowParser(inputs);
  for await (const text of decodeChunks(chunks)) {
    const items = parser.push(text);
    if (items.length > 0) yield items;
  }
  const last = parser.end();
  if (last.length > 0) yield last;
}
