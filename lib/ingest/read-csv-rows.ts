import type { TaskInput } from '@/lib/contract/task-definition';
import { CsvRowParser } from './csv-row-parser';
import { decodeChunks } from './decode-text';
import { flattenBatches } from './flatten-batches';
import type { ChunkSource, CsvOptions, IngestItem } from './types';

/**
 * Streams the rows of a CSV/TSV batch input file with a header row. Never throws for a bad row (it
 * yields an error item); throws IngestFileError for whole-file problems: not UTF-8, a task input
 * without a column, no rows, an unclosed quote swallowing the rest of the file.
 */
export function readCsvRows(
  chunks: ChunkSource,
  inputs: readonly TaskInput[],
  options: CsvOptions = {},
): AsyncGenerator<IngestItem, void, undefined> {
  return flattenBatches(readCsvBatches(chunks, inputs, options));
}

/** The same rows, one array per chunk. */
export async function* readCsvBatches(
  chunks: ChunkSource,
  inputs: readonly TaskInput[],
  options: CsvOptions = {},
): AsyncGenerator<IngestItem[], void, undefined> {
  const parser = new CsvRowParser(inputs, options);
  for await (const text of decodeChunks(chunks)) {
    const items = parser.push(text);
    if (items.length > 0) yield items;
  }
  const last = parser.end();
  if (last.length > 0) yield last;
}
