import Papa from 'papaparse';
import { guessDelimiter, SAMPLE_CHARS } from './csv-row-parser';
import { decodeChunks } from './decode-text';
import type { ChunkSource } from './types';

/**
 * The header row of a CSV/TSV file (trimmed cells), read from its first few kilobytes only: what the
 * dashboard's column-mapping step shows next to columnsFor's automatic choice. Empty when the file
 * has no non-blank record.
 */
export async function readCsvHeader(
  chunks: ChunkSource,
  options: { delimiter?: string } = {},
): Promise<string[]> {
  let text = '';
  for await (const part of decodeChunks(chunks)) {
    text += part;
    if (text.length >= SAMPLE_CHARS) break; // stops reading (and releases) the rest of the file
  }
  const delimiter = options.delimiter ?? guessDelimiter(text);
  const result = Papa.parse<string[]>(text, { delimiter, preview: 20, skipEmptyLines: 'greedy' });
  const header = result.data.find((record) => record.some((cell) => cell.trim().length > 0));
  return header === undefined ? [] : header.map((cell) => cell.trim());
}
