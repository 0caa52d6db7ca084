import type { TaskInput } from '@/lib/contract/task-definition';
import type { IngestItem, IngestRow, RowError } from '../types';

export const WEBSITE: TaskInput[] = [{ name: 'website', type: 'url', description: 'Company website' }];
export const WEBSITE_COUNTRY: TaskInput[] = [
  { name: 'website', type: 'url', description: 'Company website' },
  { name: 'country', type: 'string', description: 'Country' },
];

export async function collect(
  items: AsyncIterable<IngestItem>,
): Promise<{ rows: IngestRow[]; errors: RowError[] }> {
  const rows: IngestRow[] = [];
  const errors: RowError[] = [];
  for await (const item of items) {
    if (item.kind === 'row') rows.push(item.row);
    else errors.push(item.error);
  }
  return { rows, errors };
}

/** The whole text as UTF-8 bytes cut into pieces of `size` bytes: boundaries fall inside characters. */
export function byteChunks(text: string | Uint8Array, size: number): Uint8Array[] {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}

/** Every way of cutting `text` in two pieces (bytes): each boundary position is tried once. */
export function everySplit(text: string): Uint8Array[][] {
  const bytes = new TextEncoder().encode(text);
  const splits: Uint8Array[][] = [];
  for (let at = 0; at <= bytes.length; at++) splits.push([bytes.slice(0, at), bytes.slice(at)]);
  return splits;
}

/** A promise rejection as the error it carries, to assert on its type and fields. */
export async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}
