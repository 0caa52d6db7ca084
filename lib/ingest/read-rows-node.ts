import { Readable } from 'node:stream';
import type { TaskInput } from '@/lib/contract/task-definition';
import { decodeUtf8Node } from './decode-utf8-node';
import { SNIFF_BYTES, detectFormat } from './detect-format';
import { flattenBatches } from './flatten-batches';
import { readCsvBatches } from './read-csv-rows';
import { readJsonlBatches } from './read-jsonl-rows';
import type { CsvOptions, IngestItem, InputFormat } from './types';
import { readXlsxBatches } from './xlsx-node';

export { columnsFor } from './column-matching';

/**
 * The engine's entry point: reads a batch input upload of any supported format. Peeks at the first
 * bytes to detect the format (IngestFileError 415 for binary files), then streams the rows. Row
 * problems are error items; whole-file problems are IngestFileError, thrown before the first item
 * (unsupported file, missing columns) or when met (invalid UTF-8 further down, no rows at the end).
 */
export function readRows(
  source: NodeJS.ReadableStream,
  filename: string | undefined,
  inputs: readonly TaskInput[],
  options: CsvOptions = {},
): AsyncGenerator<IngestItem, void, undefined> {
  // Not an async generator itself: re-yielding every item through one more generator would cost
  // about as much as validating it.
  return flattenBatches(readRowBatches(source, filename, inputs, options));
}

/** The same rows, in arrays (one per chunk of the file): cheapest to consume when inserting in bulk. */
export async function* readRowBatches(
  source: NodeJS.ReadableStream,
  filename: string | undefined,
  inputs: readonly TaskInput[],
  options: CsvOptions = {},
): AsyncGenerator<IngestItem[], void, undefined> {
  const { format, chunks } = await peekFormat(source, filename);
  if (format === 'xlsx') {
    yield* readXlsxBatches(Readable.from(chunks, { objectMode: false }), inputs, options);
  } else if (format === 'jsonl') {
    yield* readJsonlBatches(decodeUtf8Node(chunks), inputs);
  } else {
    const isTsv = filename?.toLowerCase().endsWith('.tsv') === true;
    yield* readCsvBatches(
      decodeUtf8Node(chunks),
      inputs,
      isTsv ? { ...options, delimiter: options.delimiter ?? '\t' } : options,
    );
  }
}

/** Detects the format from the first bytes, and gives back every chunk (the peeked ones first). */
export async function peekFormat(
  source: NodeJS.ReadableStream,
  filename: string | undefined,
): Promise<{ format: InputFormat; chunks: AsyncGenerator<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const peeked: Uint8Array[] = [];
  let peekedBytes = 0;
  let isEnd = false;
  while (peekedBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done === true) {
      isEnd = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? new TextEncoder().encode(next.value) : next.value;
    peeked.push(chunk);
    peekedBytes += chunk.byteLength;
  }
  let format: InputFormat;
  try {
    format = detectFormat(filename, concat(peeked, Math.min(peekedBytes, SNIFF_BYTES)));
  } catch (error) {
    await iterator.return?.(); // stop (and destroy) the upload stream: its content is refused
    throw error;
  }

  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      yield* peeked;
      peeked.length = 0;
      if (isEnd) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done === true) return;
        yield typeof next.value === 'string' ? new TextEncoder().encode(next.value) : next.value;
      }
    } finally {
      await iterator.return?.(); // a reader that stops early releases the stream
    }
  }
  return { format, chunks: chunks() };
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const first = chunks[0];
  if (chunks.length === 1 && first !== undefined) return first.subarray(0, length);
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= length) break;
    const part = chunk.subarray(0, length - offset);
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
