import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskInput } from '@/lib/contract/task-definition';
import { collect, failure } from './__fixtures__/helpers';
import { rezipWorkbook, withSpreadsheetMlPrefix } from './__fixtures__/xlsx-variants';
import { readRows } from './read-rows-node';
import { IngestFileError } from './types';
import { readXlsxRows } from './xlsx-node';

const INPUTS: TaskInput[] = [
  { name: 'website', type: 'url', description: '' },
  { name: 'company', type: 'string', description: '' },
  { name: 'founded', type: 'string', description: '' },
  { name: 'employees', type: 'number', description: '' },
];

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-ingest-xlsx-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `read` with os.tmpdir() (read on every call) on a fresh folder, where the reader spools. */
async function inSpoolDir(read: (spool: string) => Promise<void>): Promise<void> {
  const spool = fs.mkdtempSync(path.join(dir, 'tmp-'));
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = spool;
  try {
    await read(spool);
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
}

/** A workbook with typed cells, blank rows, and a second sheet that must be ignored. */
async function writeWorkbook(file: string, compression: 'DEFLATE' | 'STORE' = 'DEFLATE'): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Companies');
  sheet.addRow(['Data UUID', 'Company', 'Website', 'Founded', 'Employees', 'Notes']);
  sheet.addRow(['c-1', 'Acme', 'https://acme.example.com/about', new Date(Date.UTC(1999, 4, 17)), 120, 'x']);
  sheet.addRow([]); // blank between data rows: a row (sheet row 3), refused as "empty row"
  sheet.addRow([
    2,
    { richText: [{ text: 'Beta ' }, { text: 'GmbH', font: { bold: true } }] },
    { text: 'beta.example.de', hyperlink: 'https://beta.example.de/' },
    new Date(Date.UTC(2020, 0, 2, 13, 45, 0)),
    3.5,
  ]);
  sheet.addRow([
    'c-3',
    'Gamma',
    { formula: 'HYPERLINK("https://gamma.example.org","Gamma site")', result: 'Gamma site' },
    '2001',
    7,
  ]);
  sheet.addRow(['c-1', 'Dup', 'ftp://dup.example.com', 'x', 1]);
  sheet.addRow([
    'c-5',
    { formula: 'CONCAT("De","lta")', result: 'Delta' },
    'delta.example.com',
    'y',
    { formula: '1+1', result: 2 },
  ]);
  workbook.addWorksheet('Other').addRow(['website', 'company', 'founded', 'employees']);
  fs.writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer({ zip: { compression } })));
}

describe('readXlsxRows', () => {
  it('streams the first worksheet, converting typed cells to strings', async () => {
    const file = path.join(dir, 'companies.xlsx');
    await writeWorkbook(file);
    expect(await collect(readXlsxRows(fs.createReadStream(file), INPUTS))).toEqual({
      rows: [
        {
          index: 0,
          data_uuid: 'c-1',
          inputs: ['https://acme.example.com/about', 'Acme', '1999-05-17', '120'],
        },
        {
          index: 2,
          data_uuid: '2',
          inputs: ['https://beta.example.de/', 'Beta GmbH', '2020-01-02T13:45:00.000Z', '3.5'], // the link's target
        },
        { index: 3, data_uuid: 'c-3', inputs: ['https://gamma.example.org', 'Gamma', '2001', '7'] },
        { index: 5, data_uuid: 'c-5', inputs: ['delta.example.com', 'Delta', 'y', '2'] },
      ],
      errors: [
        { error_index: 1, error_message: 'empty row' },
        {
          error_index: 4,
          error_message:
            'data_uuid (column "Data UUID") "c-1" is a duplicate of the row at index 0; ' +
            'input "website" (column "Website") uses the ftp: scheme; only http and https URLs are accepted: "ftp://dup.example.com"',
        },
      ],
    });
  });

  it('reads a workbook written by the streaming writer (shared strings after the sheet)', async () => {
    const file = path.join(dir, 'streamed.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
    const sheet = writer.addWorksheet('Sites');
    sheet.addRow(['website']).commit();
    for (let i = 0; i < 2500; i++) sheet.addRow([`site-${i}.example.com`]).commit();
    sheet.commit();
    await writer.commit();
    const { rows, errors } = await collect(readXlsxRows(fs.createReadStream(file), [INPUTS[0] as TaskInput]));
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(2500);
    expect(rows[2499]).toEqual({ index: 2499, data_uuid: 'row-2499', inputs: ['site-2499.example.com'] });
  });

  it('reads a workbook whose SpreadsheetML carries a namespace prefix (<x:row>) as the same rows', async () => {
    const file = path.join(dir, 'plain.xlsx');
    await writeWorkbook(file);
    const plain = await collect(readXlsxRows(fs.createReadStream(file), INPUTS));
    const prefixed = await withSpreadsheetMlPrefix(fs.readFileSync(file));
    expect(prefixed.includes('<x:row')).toBe(false); // deflated: look inside only through the reader
    expect(await collect(readXlsxRows(Readable.from([prefixed]), INPUTS))).toEqual(plain);
    expect(plain.rows).toHaveLength(4);
  });

  describe('the first worksheet is the first tab, whatever the order of the zip', () => {
    const WEBSITE = [INPUTS[0] as TaskInput];
    /** Tabs "One" (sheet1.xml) and "Two" (sheet2.xml), their tab order swapped in xl/workbook.xml if asked. */
    async function twoTabs(swap: boolean, first?: string[], hideOne = false): Promise<Buffer> {
      const workbook = new ExcelJS.Workbook();
      for (const name of ['One', 'Two']) {
        const sheet = workbook.addWorksheet(name, {
          state: hideOne && name === 'One' ? 'hidden' : 'visible',
        });
        sheet.addRow(['website']);
        sheet.addRow([`https://${name.toLowerCase()}.example/`]);
      }
      const swapTabs = (name: string, xml: string) =>
        swap && name === 'xl/workbook.xml'
          ? xml.replace(/<sheets>(<sheet [^>]*\/>)(<sheet [^>]*\/>)<\/sheets>/, '<sheets>$2$1</sheets>')
          : xml;
      return rezipWorkbook(new Uint8Array(await workbook.xlsx.writeBuffer()), { first, edit: swapTabs });
    }
    const firstRow = async (bytes: Buffer) =>
      (await collect(readXlsxRows(Readable.from([bytes]), WEBSITE))).rows;
    // The workbook and the shared strings before the sheets, or (no `first`) exceljs's order: the
    // sheets first, the workbook last.
    const EXCEL_ORDER = [
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
    ];

    it('as written, in both orders', async () => {
      for (const first of [undefined, [...EXCEL_ORDER, 'xl/worksheets/sheet1.xml']]) {
        expect(await firstRow(await twoTabs(false, first))).toEqual([
          { index: 0, data_uuid: 'row-0', inputs: ['https://one.example/'] },
        ]);
      }
    });

    it('with the tabs moved, in both orders', async () => {
      for (const first of [undefined, [...EXCEL_ORDER, 'xl/worksheets/sheet1.xml']]) {
        expect(await firstRow(await twoTabs(true, first))).toEqual([
          { index: 0, data_uuid: 'row-0', inputs: ['https://two.example/'] },
        ]);
      }
    });

    it('but a hidden first tab is passed over for the first visible one', async () => {
      for (const first of [undefined, [...EXCEL_ORDER, 'xl/worksheets/sheet1.xml']]) {
        expect(await firstRow(await twoTabs(false, first, true))).toEqual([
          { index: 0, data_uuid: 'row-0', inputs: ['https://two.example/'] },
        ]);
      }
    });

    it('and a zip with no xl/workbook.xml is refused by name', async () => {
      const plain = await twoTabs(false);
      const broken = await rezipWorkbook(plain, { drop: ['xl/workbook.xml'] });
      expect(await failure(() => collect(readXlsxRows(Readable.from([broken]), WEBSITE)))).toMatchObject({
        status: 400,
        message:
          'the XLSX file could not be read (the zip has no xl/workbook.xml or no xl/_rels/workbook.xml.rels); is it a valid .xlsx workbook?',
      });
    });
  });

  it('reads the same rows, hyperlink targets included, with the shared strings stored before the sheets', async () => {
    const file = path.join(dir, 'reordered.xlsx');
    await writeWorkbook(file);
    const asWritten = await collect(readXlsxRows(fs.createReadStream(file), INPUTS));
    expect(asWritten.rows[1]?.inputs[0]).toBe('https://beta.example.de/');
    const first = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml'];
    const reordered = await rezipWorkbook(fs.readFileSync(file), { first });
    expect(await collect(readXlsxRows(Readable.from([reordered]), INPUTS))).toEqual(asWritten);
  });

  it('reads every entry of a workbook stored without compression that arrives in one piece', async () => {
    // unzipper parses such a file to its end before the first entry is read, and says "end" then;
    // exceljs's own walk over the entries stopped there (in 9 of 10 reads here), never seeing
    // xl/workbook.xml: "Cannot read properties of undefined (reading 'sheets')".
    const file = path.join(dir, 'stored.xlsx');
    await writeWorkbook(file, 'STORE');
    const bytes = fs.readFileSync(file);
    for (let read = 0; read < 20; read++) {
      const { rows } = await collect(readXlsxRows(Readable.from([bytes]), INPUTS));
      expect(rows.map((row) => row.data_uuid)).toEqual(['c-1', '2', 'c-3', 'c-5']);
    }
  });

  it('removes the sheets it spooled to disk, also when the consumer stops early', async () => {
    // exceljs writes the sheets before the shared strings, so they wait in a temporary file. With
    // 2,500 rows the first rows reach the consumer while that file is still being read.
    const file = path.join(dir, 'spooled.xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sites');
    sheet.addRow(['website']);
    for (let i = 0; i < 2500; i++) sheet.addRow([`site-${i}.example.com`]);
    fs.writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
    await inSpoolDir(async (spool) => {
      let spooled: string[] = [];
      for await (const item of readXlsxRows(fs.createReadStream(file), [INPUTS[0] as TaskInput])) {
        expect(item).toMatchObject({ kind: 'row', row: { index: 0 } });
        spooled = fs.readdirSync(spool);
        break;
      }
      expect(spooled).toHaveLength(1);
      expect(fs.readdirSync(spool)).toEqual([]);
      const { rows } = await collect(readXlsxRows(fs.createReadStream(file), [INPUTS[0] as TaskInput]));
      expect(rows).toHaveLength(2500);
      expect(fs.readdirSync(spool)).toEqual([]);
    });
  });

  it('refuses a sheet without the needed columns, or without rows', async () => {
    const file = path.join(dir, 'wrong.xlsx');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('S').addRow(['name', 'city']);
    fs.writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
    const missing = await failure(() => collect(readXlsxRows(fs.createReadStream(file), INPUTS)));
    expect(missing).toBeInstanceOf(IngestFileError);
    expect(missing).toMatchObject({
      status: 400,
      message:
        'missing columns for inputs "website", "company", "founded", "employees"; columns found: "name", "city"',
    });
    const empty = await failure(() =>
      collect(readXlsxRows(fs.createReadStream(file), [{ name: 'name', type: 'string', description: '' }])),
    );
    expect(empty).toMatchObject({ status: 400, message: 'the file has no rows' });
  });

  it('refuses a corrupt or truncated workbook with 400', async () => {
    const good = path.join(dir, 'good.xlsx');
    await writeWorkbook(good);
    const bytes = fs.readFileSync(good);
    const corrupt = path.join(dir, 'corrupt.xlsx');
    fs.writeFileSync(corrupt, Buffer.concat([bytes.subarray(0, 30), Buffer.alloc(2000, 7)]));
    const truncated = path.join(dir, 'truncated.xlsx');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 3)));
    for (const file of [corrupt, truncated]) {
      const error = await failure(() => collect(readXlsxRows(fs.createReadStream(file), INPUTS)));
      expect(error).toBeInstanceOf(IngestFileError);
      expect((error as IngestFileError).status).toBe(400);
      expect((error as IngestFileError).message).toMatch(
        /^the XLSX file could not be read \(.+\); is it a valid \.xlsx workbook\?$/,
      );
    }
  });

  it("rejects with the upload's own error when the upload fails midway", async () => {
    const file = path.join(dir, 'cut.xlsx');
    await writeWorkbook(file);
    const bytes = fs.readFileSync(file);
    const limit = new Error('the upload is over the size limit');
    const upload = new Readable({
      read() {
        this.push(bytes.subarray(0, bytes.length >> 1));
        setImmediate(() => this.destroy(limit));
      },
    });
    expect(await failure(() => collect(readXlsxRows(upload, INPUTS)))).toBe(limit);
  });

  // A 40 MiB sheet (past the reader's 16 MiB of slack) deflated by JSZip in JavaScript, then inflated
  // again by the reader up to its limit: seconds of work, past the default 5 s on a loaded machine.
  it(
    'refuses a zip bomb: a workbook whose sheet unzips to over 100 times the file, spooling none of it',
    { timeout: 30_000 },
    async () => {
      const file = path.join(dir, 'for-bomb.xlsx');
      await writeWorkbook(file);
      const padded = (name: string, xml: string) =>
        name === 'xl/worksheets/sheet1.xml'
          ? xml.replace('<sheetData>', `<sheetData>${`<row/>${' '.repeat(1 << 20)}`.repeat(40)}`) // no row over its cap
          : xml;
      const bomb = await rezipWorkbook(fs.readFileSync(file), { edit: padded });
      expect(bomb.length).toBeLessThan(200_000); // 40 MiB of sheet in a file this small
      await inSpoolDir(async (spool) => {
        expect(await failure(() => collect(readXlsxRows(Readable.from([bomb]), INPUTS)))).toMatchObject({
          status: 400,
          message: 'the XLSX file unzips to more than 100 times its size, as a zip bomb does; it is refused',
        });
        expect(fs.readdirSync(spool)).toEqual([]);
      });
    },
  );

  it('releases the file when the consumer stops early', async () => {
    const file = path.join(dir, 'early.xlsx');
    await writeWorkbook(file);
    const source = fs.createReadStream(file);
    for await (const item of readXlsxRows(source, INPUTS)) {
      expect(item).toMatchObject({ kind: 'row', row: { index: 0 } });
      break;
    }
    expect(source.destroyed).toBe(true);
  });

  it('is picked by readRows from the zip signature, whatever the file name', async () => {
    const file = path.join(dir, 'named-wrong.csv');
    await writeWorkbook(file);
    const { rows } = await collect(readRows(fs.createReadStream(file), 'named-wrong.csv', INPUTS));
    expect(rows.map((row) => row.data_uuid)).toEqual(['c-1', '2', 'c-3', 'c-5']);

    const source = fs.createReadStream(file);
    for await (const item of readRows(source, 'named-wrong.csv', INPUTS)) {
      expect(item).toMatchObject({ kind: 'row', row: { index: 0 } });
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});
