// Batch input reading and validation: the parts that run in the browser as well as in the engine.
// Node-only readers (XLSX, Node streams) are imported from their own `*-node.ts` files.

export { columnsFor, normalizeHeader, requireColumns, type ColumnMatch } from './column-matching';
export { CsvRowParser } from './csv-row-parser';
export { decodeChunks } from './decode-text';
export { SNIFF_BYTES, detectFormat } from './detect-format';
export { JsonlRowParser } from './jsonl-row-parser';
export { MAX_INPUT_CHARS, MAX_LINE_CHARS, MAX_UUID_CHARS } from '@/lib/contract/row-limits';
export { readCsvHeader } from './read-csv-header';
export { readCsvBatches, readCsvRows } from './read-csv-rows';
export { readJsonlBatches, readJsonlRows } from './read-jsonl-rows';
export {
  IngestFileError,
  type ChunkSource,
  type ColumnOptions,
  type CsvOptions,
  type IngestItem,
  type IngestRow,
  type InputFormat,
  type RowError,
} from './types';
export { webStreamChunks } from './web-stream-chunks';
