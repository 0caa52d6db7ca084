import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { TaskInput } from '@/lib/contract/task-definition';
import ExcelJS from 'exceljs';
import { withSpreadsheetMlPrefix } from '@/lib/ingest/__fixtures__/xlsx-variants';
import { readRows } from '@/lib/ingest/read-rows-node';
import type { ColumnOptions, IngestItem } from '@/lib/ingest/types';
import { columnOptionsFrom } from '@/lib/engine/batches/column-fields';
import { parseFile } from './parse-file';

// The dashboard parses uploads in a worker with parseFile; the engine reads the same bytes with
// readRows. For the CSV shapes real spreadsheets have, both must see the same rows and the same bad
// rows; the dashboard uploads the file itself with the mapping as form fields (columnFields), which
// the engine must read as exactly those rows.

const INPUTS: TaskInput[] = [
  { name: 'website', type: 'url', description: '' },
  { name: 'note', type: 'string', description: '' },
];

async function engineItems(
  bytes: Uint8Array,
  filename: string,
  options: ColumnOptions = {},
): Promise<IngestItem[]> {
  const out: IngestItem[] = [];
  const stream = Readable.from([Buffer.from(bytes)]);
  for await (const item of readRows(stream, filename, INPUTS, options)) out.push(item);
  return out;
}

async function browserParse(bytes: Uint8Array, filename: string) {
  const file = new File([new Uint8Array(bytes)], filename);
  return parseFile(file, 'csv', INPUTS, {}, () => undefined);
}

const enc = (s: string) => new TextEncoder().encode(s);
const CASES: Record<string, string> = {
  'quoted commas': 'website,note\nhttps://a.example/,"one, two, three"\nhttps://b.example/,plain\n',
  'quoted newlines': 'website,note\nhttps://a.example/,"line one\nline two"\nhttps://b.example/,"x\r\ny"\n',
  'escaped quotes': 'website,note\nhttps://a.example/,"she said ""hi"""\nhttps://b.example/,"""quoted"""\n',
  CRLF: 'website,note\r\nhttps://a.example/,one\r\nhttps://b.example/,two\r\n',
  'UTF-8 with BOM': '\uFEFFwebsite,note\nhttps://a.example/,Müller\nhttps://b.example/,東京\n',
  'UTF-8 without BOM': 'website,note\nhttps://a.example/,Müller\nhttps://b.example/,東京\n',
  'a bad row':
    'data_uuid,website,note\nu1,https://a.example/,ok\nu2,not a url,bad\nu1,https://c.example/,dup\n,https://d.example/,\n',
};

describe('CSV edge cases parse identically in the browser and the engine', () => {
  for (const [name, text] of Object.entries(CASES)) {
    it(name, async () => {
      const bytes = enc(text);
      const engine = await engineItems(bytes, 'rows.csv');
      const browser = await browserParse(bytes, 'rows.csv');
      const rows = engine.filter((i) => i.kind === 'row').map((i) => i.row);
      const errors = engine.filter((i) => i.kind === 'error').map((i) => i.error);
      expect(browser.total).toBe(engine.length);
      expect(browser.good).toBe(rows.length);
      expect(browser.errors).toEqual(errors);
      expect(browser.preview.filter((r) => !r.error)).toEqual(rows);

      // What the dashboard uploads: the engine reads the same good rows, and flags the same rows (by
      // index) as bad.
      const upload = new Uint8Array(await browser.upload.arrayBuffer());
      const fromUpload = await engineItems(
        upload,
        browser.uploadName,
        columnOptionsFrom(browser.uploadFields),
      );
      expect(fromUpload.filter((i) => i.kind === 'row').map((i) => i.row)).toEqual(rows);
      expect(fromUpload.filter((i) => i.kind === 'error').map((i) => i.error.error_index)).toEqual(
        errors.map((e) => e.error_index),
      );
    });
  }

  it('an empty file is refused by both with the same message', async () => {
    await expect(engineItems(new Uint8Array(), 'rows.csv')).rejects.toThrow('the file has no rows');
    await expect(browserParse(new Uint8Array(), 'rows.csv')).rejects.toThrow('the file has no rows');
    await expect(engineItems(enc('website,note\n'), 'rows.csv')).rejects.toThrow('the file has no rows');
    await expect(browserParse(enc('website,note\n'), 'rows.csv')).rejects.toThrow('the file has no rows');
  });

  it('an explicit mapping picks the named columns', async () => {
    const text = 'Company Site,Comment,ID\nhttps://a.example/,hello,x1\n';
    const r = await parseFile(
      new File([enc(text)], 'm.csv'),
      'csv',
      INPUTS,
      {
        columns: { website: 'Company Site', note: 'Comment' },
        uuidColumn: 'ID',
      },
      () => undefined,
    );
    expect(r.preview).toEqual([{ index: 0, data_uuid: 'x1', inputs: ['https://a.example/', 'hello'] }]);
    expect(await r.upload.text()).toBe(text);
    expect(r.uploadFields).toEqual({
      columns: '{"website":"Company Site","note":"Comment"}',
      uuid_column: 'ID',
    });
    // The engine reads the uploaded file with those fields as the same row.
    const engine = await engineItems(enc(text), 'm.csv', columnOptionsFrom(r.uploadFields));
    expect(engine).toEqual([{ kind: 'row', row: r.preview[0] }]);
  });
});

describe('XLSX in the browser and the engine', () => {
  // Both read the same rows: plain, written with a namespace prefix, hyperlinks and all.
  async function workbook(): Promise<Uint8Array> {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Sites');
    sheet.addRow(['Website', 'Note', 'data_uuid']);
    sheet.addRow(['https://a.example/', 'Müller', 'u1']);
    sheet.addRow(['not a url', 'bad', 'u2']);
    sheet.addRow(['https://b.example/', new Date(Date.UTC(2020, 0, 2)), 'u3']); // a date: styles count too
    // Hyperlink cells: a url input takes the target, any other input the text shown.
    sheet.addRow([
      { text: 'Company C', hyperlink: 'https://c.example/about?x=1&y=2' },
      { text: 'see the site', hyperlink: 'https://c.example/' },
      'u4',
    ]);
    return new Uint8Array(await wb.xlsx.writeBuffer());
  }

  it('read alike: the first visible tab, when the first tab is hidden', async () => {
    const wb = new ExcelJS.Workbook();
    for (const [name, state] of [
      ['Settings', 'hidden'],
      ['Data', 'visible'],
    ] as const) {
      const sheet = wb.addWorksheet(name, { state });
      sheet.addRow(['website', 'note']);
      sheet.addRow([`https://${name.toLowerCase()}.example/`, name]);
    }
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const browser = await parseFile(new File([bytes], 'rows.xlsx'), 'xlsx', INPUTS, {}, () => undefined);
    expect(browser.preview.map((r) => r.inputs[0])).toEqual(['https://data.example/']);
    expect(browser.sheet).toEqual({ name: 'Data', of: 2 });
    const engine = await engineItems(bytes, 'rows.xlsx');
    expect(engine.filter((i) => i.kind === 'row').map((i) => i.row)).toEqual(browser.preview);
  });

  it('read alike: a workbook and its copy with a namespace prefix, hyperlink cells included', async () => {
    const plain = await workbook();
    const prefixed = new Uint8Array(await withSpreadsheetMlPrefix(plain));
    const parse = (bytes: Uint8Array) =>
      parseFile(new File([new Uint8Array(bytes)], 'rows.xlsx'), 'xlsx', INPUTS, {}, () => undefined);
    const fromPlain = await parse(plain);
    expect(fromPlain.preview.map((r) => r.data_uuid)).toEqual(['u1', 'u2', 'u3', 'u4']);
    expect(fromPlain.preview[3]?.inputs).toEqual(['https://c.example/about?x=1&y=2', 'see the site']);
    expect(fromPlain.good).toBe(3);
    const fromPrefixed = await parse(prefixed);
    expect({ ...fromPrefixed, ms: 0, upload: null }).toEqual({ ...fromPlain, ms: 0, upload: null });

    const engine = await engineItems(prefixed, 'rows.xlsx');
    expect(engine.filter((i) => i.kind === 'row').map((i) => i.row)).toEqual(
      fromPlain.preview.filter((r) => !r.error),
    );
  });
});
