import { describe, expect, it } from 'vitest';
import type { BatchRow } from '@/lib/contract/batch-extensions';
import type { TaskInput } from '@/lib/contract/task-definition';
import { sheetRow } from '@/lib/ingest/sheet-row';
import { joined, type StoredRow } from './download-table';
import { readSourceRecords, type SourceItem } from './source-records';

const INPUTS: TaskInput[] = [{ name: 'website', type: 'url', description: '' }];
const CSV =
  'Owner,Website,Notes\r\n' +
  'Ann,https://a.example/,"two\r\nlines"\r\n' +
  '\r\n' +
  'Bob,not a url,"a, b"\r\n' +
  'Cy,https://c.example/,  padded  \r\n' +
  '\r\n';

async function* chunks(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function collect<T>(gen: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
}

const source = { format: 'csv' as const, filename: 'a.csv', options: {} };

describe('readSourceRecords', () => {
  it('gives the header and every record as written, with the index and verdict ingest gave it', async () => {
    for (const size of [3, 1 << 16]) {
      const items = await collect(readSourceRecords(chunks(CSV, size), source, INPUTS));
      expect(items[0]).toEqual({ kind: 'header', cells: ['Owner', 'Website', 'Notes'] });
      const records = items.slice(1) as Extract<SourceItem, { kind: 'record' }>[];
      expect(records.map((r) => [r.index, r.cells, r.item.kind])).toEqual([
        [0, ['Ann', 'https://a.example/', 'two\r\nlines'], 'row'],
        [1, [''], 'error'],
        [2, ['Bob', 'not a url', 'a, b'], 'error'],
        [3, ['Cy', 'https://c.example/', '  padded  '], 'row'],
      ]);
    }
  });
});

describe('joined', () => {
  const stored = (seq: number, status: BatchRow['status']): StoredRow => ({
    seq,
    result: {
      data_uuid: `row-${seq}`,
      inputs: ['x'],
      data_json: { email: `e${seq}` },
      list_data_json: null,
      list: false,
      job_id: `j${seq}`,
      error_detected: false,
      error: null,
      status,
      task_version: 1,
      started_at: null,
      finished_at: null,
      data_sources: null,
    },
  });

  it('puts each stored row against its record and the refused records between them, in order', async () => {
    const records = readSourceRecords(chunks(CSV, 7), source, INPUTS);
    await records.next(); // the header
    const rows = await collect(
      joined(
        records,
        (async function* () {
          yield [stored(0, 'succeeded'), stored(3, 'removed')];
        })(),
        { taskVersion: 1 },
        { inputColumns: [1], uuidColumn: null },
        (i) => sheetRow(i, 'csv'),
      ),
    );
    expect(rows.map((r) => [r.rowNumber, r.result.status, r.result.data_uuid, r.result.error])).toEqual([
      [2, 'succeeded', 'row-0', null],
      [3, 'refused', 'row-1', 'empty row'],
      [4, 'refused', 'row-2', expect.stringMatching(/not a url/)],
      [5, 'removed', 'row-3', null],
    ]);
    expect(rows[2]!.result.inputs).toEqual(['not a url']);
    expect(rows[0]!.original).toEqual(['Ann', 'https://a.example/', 'two\r\nlines']);
  });
});
