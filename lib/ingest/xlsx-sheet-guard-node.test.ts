import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { TaskInput } from '@/lib/contract/task-definition';
import { collect, failure } from './__fixtures__/helpers';
import { IngestFileError } from './types';
import { readXlsxRows } from './xlsx-node';
import { MAX_ROW_BYTES, MAX_SHEET_HEAD_BYTES, guardSheet } from './xlsx-sheet-guard-node';

// The worksheet is spooled, then read a row at a time; what must not be read whole is any one row
// (or text, comment or CDATA inside it), the part before the rows, or a stretch between two tags after.

const MiB = 1024 * 1024;

/** The text through the guard in chunks of `size`: what came out, or the refusal. */
async function guard(text: string, size = 64 * 1024): Promise<{ out: string; error?: unknown }> {
  const chunks: Buffer[] = [];
  const bytes = Buffer.from(text, 'latin1');
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk);
      done();
    },
  });
  try {
    await pipeline(Readable.from(chunks), guardSheet('xl/worksheets/sheet1.xml'), sink);
    return { out: Buffer.concat(out).toString('latin1') };
  } catch (error) {
    return { out: '', error };
  }
}

const row = (i: number, text: string) =>
  `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>${text}</t></is></c></row>`;
const sheet = (head: string, rows: string, tail = '') =>
  `<?xml version="1.0"?><worksheet>${head}<sheetData>${rows}</sheetData>${tail}</worksheet>`;
const OVER_ROW = 'x'.repeat(MAX_ROW_BYTES + 1024);

describe('guardSheet', () => {
  it('passes a sheet through unchanged, however it is cut', async () => {
    const text = sheet(
      '<cols><col min="1" max="2"/></cols>',
      `${row(1, 'a <!-- not a row -->')}<!-- <row> --><?pi <row ?>${row(2, '<![CDATA[<row]]>b')}<row r="3"/>`,
      '<hyperlinks><hyperlink ref="A1" r:id="rId1"/></hyperlinks>',
    );
    for (const size of [1, 2, 3, 5, 7, 11, 13, 64]) expect(await guard(text, size)).toEqual({ out: text });
  });

  it('passes many rows that together are far over the cap of one', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(i + 1, 'y'.repeat(MiB))).join('');
    const { out, error } = await guard(sheet('', rows));
    expect(error).toBeUndefined();
    expect(out.length).toBeGreaterThan(40 * MiB);
  });

  it('passes rows just under the cap, wherever the chunks cut them', { timeout: 30_000 }, async () => {
    const under = (i: number) => row(i, 'u'.repeat(MAX_ROW_BYTES - row(i, '').length));
    const text = sheet('', `${under(1)}${under(2)}${row(3, 'c')}`);
    for (const size of [64 * 1024, 65_521]) expect((await guard(text, size)).error).toBeUndefined();
  });

  it.each([
    [
      'a row with one huge cell',
      sheet('', `${row(1, 'a')}${row(2, OVER_ROW)}`),
      /has a row of more than 16 MB/,
    ],
    [
      'a row whose text is cut by comments and CDATA that look like rows',
      sheet(
        '',
        row(1, Array.from({ length: 20 }, () => `${'z'.repeat(MiB)}<!--<row>--><![CDATA[</row>]]>`).join('')),
      ),
      /has a row of more than 16 MB/,
    ],
    [
      'a row whose text is cut by tags that only start like rows',
      sheet('', row(1, Array.from({ length: 20 }, () => `${'z'.repeat(MiB)}<rowx/><rows>`).join(''))),
      /has a row of more than 16 MB/,
    ],
    [
      'a huge comment between rows',
      sheet('', `${row(1, 'a')}<!--${OVER_ROW}-->${row(2, 'b')}`),
      /has a row of more than 16 MB/,
    ],
    [
      'a huge <cols> list before the rows',
      sheet(
        `<cols>${'<col min="1" max="1"/>'.repeat(Math.ceil(MAX_SHEET_HEAD_BYTES / 22) + 10)}</cols>`,
        row(1, 'a'),
      ),
      /has a part before its rows \(<cols>, views, …\) of more than 16 MB/,
    ],
    [
      'a huge text after the rows',
      sheet('', row(1, 'a'), `<extLst>${OVER_ROW}</extLst>`),
      /has a text, comment or tag after its rows of more than 16 MB/,
    ],
  ])('refuses %s', { timeout: 30_000 }, async (_what, text, message) => {
    const { error } = await guard(text);
    expect(error).toBeInstanceOf(IngestFileError);
    expect(error).toMatchObject({ status: 413 });
    expect((error as Error).message).toMatch(/^the XLSX part xl\/worksheets\/sheet1\.xml /);
    expect((error as Error).message).toMatch(message);
  });
});

describe('a workbook with a row over the cap', () => {
  it(
    'is refused with a 413 naming the part, before any of it is read as rows',
    { timeout: 60_000 },
    async () => {
      const workbook = new ExcelJS.Workbook();
      const ws = workbook.addWorksheet('Sites');
      ws.addRow(['Website']);
      ws.addRow(['https://acme.example.com/']);
      const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
      const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
      // A padding part first, as a real upload of a few MB, so the zip-bomb ratio is not what refuses it.
      const padded = new JSZip();
      padded.file(
        'xl/media/padding.bin',
        Buffer.alloc(MiB, 7).map((b, i) => (b * i * 2654435761) >>> 24),
        {
          compression: 'STORE',
        },
      );
      for (const [name, entry] of Object.entries(zip.files)) {
        if (entry.dir) continue;
        const text =
          name === 'xl/worksheets/sheet1.xml'
            ? xml.replace('</sheetData>', `${row(3, OVER_ROW)}</sheetData>`)
            : null;
        padded.file(name, text ?? (await entry.async('nodebuffer')));
      }
      const bytes = await padded.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      const INPUTS: TaskInput[] = [{ name: 'website', type: 'url', description: '' }];
      const error = await failure(() => collect(readXlsxRows(Readable.from([bytes]), INPUTS)));
      expect(error).toMatchObject({
        status: 413,
        message:
          'the XLSX part xl/worksheets/sheet1.xml has a row of more than 16 MB, the limit for it; the file is refused',
      });
    },
  );
});
