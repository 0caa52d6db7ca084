import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { TaskInput } from '@/lib/contract/task-definition';
import { collect, failure } from './__fixtures__/helpers';
import { IngestFileError } from './types';
import { InflateBudget } from './xlsx-inflate-budget-node';
import { readXlsxRows } from './xlsx-node';
import {
  MAX_RICH_TEXT_RUNS,
  MAX_SHARED_STRINGS,
  SHARED_STRINGS_LIMIT,
  SHEET_RELS_LIMIT,
  STYLES_LIMIT,
  WORKBOOK_LIMIT,
  WORKBOOK_RELS_LIMIT,
} from './xlsx-part-limits';
import { XlsxWorkbookReader } from './xlsx-workbook-reader-node';

// Hostile workbooks: small uploads whose parts the reader would keep in memory inflate past their
// caps. Each is refused with a 413 naming the part and the limit, having inflated no more than the
// cap (and a chunk) of it: it stopped reading, it did not hold the rest.

const INPUTS: TaskInput[] = [{ name: 'website', type: 'url', description: '' }];
const MiB = 1024 * 1024;
/** How far past a cap inflating may go before the refusal: the chunks in flight. */
const CHUNKS_IN_FLIGHT = 2 * MiB;

async function baseWorkbook(): Promise<JSZip> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sites');
  sheet.addRow(['Website']);
  sheet.addRow(['https://acme.example.com/']);
  sheet.addRow([{ text: 'beta', hyperlink: 'https://beta.example.com/' }]);
  return JSZip.loadAsync(await workbook.xlsx.writeBuffer());
}

/**
 * A real workbook with `parts` put first (replacing any of the same name). `padding` bytes of random
 * data, stored, come before them: the upload then is large enough for the zip-bomb ratio to let a
 * part inflate to its absolute cap, as a real upload of a few MB would.
 */
async function workbookWith(parts: Record<string, string | Buffer>, padding = 0): Promise<Buffer> {
  const base = await baseWorkbook();
  const zip = new JSZip();
  if (padding > 0) zip.file('xl/media/padding.bin', crypto.randomBytes(padding), { compression: 'STORE' });
  for (const [name, data] of Object.entries(parts)) zip.file(name, data);
  for (const [name, entry] of Object.entries(base.files)) {
    if (!entry.dir && !(name in parts)) zip.file(name, await entry.async('nodebuffer'));
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function read(bytes: Buffer): Promise<{ error: unknown; inflated: number; rows: number }> {
  const budget = new InflateBudget();
  const reader = new XlsxWorkbookReader(
    Readable.from([bytes]),
    { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' },
    budget,
  );
  let rows = 0;
  try {
    for await (const sheet of reader) for await (const _row of sheet as AsyncIterable<unknown>) rows++;
    return { error: undefined, inflated: budget.inflatedBytes, rows };
  } catch (error) {
    return { error, inflated: budget.inflatedBytes, rows };
  }
}

function repeatTo(bytes: number, unit: (i: number) => string): string {
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const piece = unit(i);
    out.push(piece);
    length += piece.length;
  }
  return out.join('');
}

const HYPERLINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';
const SST = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

describe('absolute caps on the parts the XLSX reader keeps in memory', () => {
  it.each([
    [
      'a worksheet relationships part full of hyperlinks',
      'xl/worksheets/_rels/sheet1.xml.rels',
      SHEET_RELS_LIMIT.maxBytes,
      (size: number) =>
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        repeatTo(
          size,
          (i) =>
            `<Relationship Id="rId${i}" Type="${HYPERLINK}" Target="https://x.example/${i}" TargetMode="External"/>`,
        ) +
        '</Relationships>',
      /^the XLSX part xl\/worksheets\/_rels\/sheet1\.xml\.rels unzips to more than 8 MB, the limit for the worksheets' relationships \(hyperlinks\); the file is refused$/,
    ],
    [
      'a huge workbook relationships part',
      'xl/_rels/workbook.xml.rels',
      WORKBOOK_RELS_LIMIT.maxBytes,
      (size: number) =>
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        repeatTo(
          size,
          (i) => `<Relationship Id="rX${i}" Type="${HYPERLINK}" Target="https://x.example/${i}"/>`,
        ) +
        '</Relationships>',
      /^the XLSX part xl\/_rels\/workbook\.xml\.rels unzips to more than 1 MB, the limit for the workbook's relationships;/,
    ],
    [
      'a huge workbook part',
      'xl/workbook.xml',
      WORKBOOK_LIMIT.maxBytes,
      (size: number) =>
        `<workbook><definedNames>${repeatTo(size, (i) => `<definedName name="n${i}">A1</definedName>`)}</definedNames></workbook>`,
      /^the XLSX part xl\/workbook\.xml unzips to more than 2 MB, the limit for the workbook part;/,
    ],
    [
      'a huge styles part',
      'xl/styles.xml',
      STYLES_LIMIT.maxBytes,
      (size: number) =>
        `<styleSheet><numFmts>${repeatTo(size, (i) => `<numFmt numFmtId="${i}" formatCode="0.00"/>`)}</numFmts></styleSheet>`,
      /^the XLSX part xl\/styles\.xml unzips to more than 4 MB, the limit for the styles;/,
    ],
    [
      'shared strings of long texts',
      'xl/sharedStrings.xml',
      SHARED_STRINGS_LIMIT.maxBytes,
      (size: number) =>
        `${SST}${repeatTo(size, (i) => `<si><t>${String(i).padEnd(4000, ' lorem ipsum')}</t></si>`)}</sst>`,
      /^the XLSX part xl\/sharedStrings\.xml unzips to more than 32 MB, the limit for the shared strings;/,
    ],
  ])('refuses %s, stopping at the cap', { timeout: 60_000 }, async (_what, name, cap, xml, message) => {
    const bytes = await workbookWith({ [name]: xml(cap + 8 * MiB) }, 2 * MiB);
    const { error, inflated } = await read(bytes);
    expect(error).toBeInstanceOf(IngestFileError);
    expect(error).toMatchObject({ status: 413, message: expect.stringMatching(message) });
    expect(inflated).toBeLessThan(cap + CHUNKS_IN_FLIGHT);
  });

  it.each([
    [
      'strings',
      `${SST}${'<si/>'.repeat(MAX_SHARED_STRINGS + 1)}</sst>`,
      /holds more than 1,000,000 strings,/,
    ],
    [
      'formatted runs',
      `${SST}<si>${'<r><rPr><b/></rPr><t>a</t></r>'.repeat(MAX_RICH_TEXT_RUNS + 1)}</si></sst>`,
      /holds more than 100,000 formatted text runs,/,
    ],
  ])(
    'refuses shared strings with too many %s, under the byte cap',
    { timeout: 60_000 },
    async (_what, sst, message) => {
      expect(sst.length).toBeLessThan(SHARED_STRINGS_LIMIT.maxBytes);
      const bytes = await workbookWith({ 'xl/sharedStrings.xml': sst }, 2 * MiB);
      const { error } = await read(bytes);
      expect(error).toMatchObject({ status: 413, message: expect.stringMatching(message) });
      expect((error as Error).message).toMatch(/^the XLSX part xl\/sharedStrings\.xml /);
    },
  );

  it('reports the refusal through readXlsxRows as the file error it is (413, no rows)', async () => {
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      repeatTo(WORKBOOK_RELS_LIMIT.maxBytes + MiB, (i) => `<Relationship Id="r${i}" Type="x" Target="y"/>`) +
      '</Relationships>';
    const bytes = await workbookWith({ 'xl/_rels/workbook.xml.rels': rels });
    const error = await failure(() => collect(readXlsxRows(Readable.from([bytes]), INPUTS)));
    expect(error).toBeInstanceOf(IngestFileError);
    expect(error).toMatchObject({
      status: 413,
      message: expect.stringMatching(/xl\/_rels\/workbook\.xml\.rels .* 1 MB/),
    });
  });

  it('reads a workbook whose parts are each just under their caps', { timeout: 60_000 }, async () => {
    // The base workbook's own strings first, in the order its cells refer to them.
    const own = ['Website', 'https://acme.example.com/', 'beta']
      .map((text) => `<si><t>${text}</t></si>`)
      .join('');
    const filler = repeatTo(
      SHARED_STRINGS_LIMIT.maxBytes - MiB,
      (i) => `<si><t>${String(i).padEnd(1000, '.')}</t></si>`,
    );
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      repeatTo(
        SHEET_RELS_LIMIT.maxBytes - MiB,
        (i) =>
          `<Relationship Id="rX${i}" Type="${HYPERLINK}" Target="https://x.example/${i}" TargetMode="External"/>`,
      ) +
      '</Relationships>';
    const base = await baseWorkbook();
    const sheetRels = await base.file('xl/worksheets/_rels/sheet1.xml.rels')!.async('string');
    const bytes = await workbookWith(
      {
        'xl/sharedStrings.xml': `${SST}${own}${filler}</sst>`,
        'xl/worksheets/_rels/sheet1.xml.rels': sheetRels.replace(
          '</Relationships>',
          rels.slice(rels.indexOf('>') + 1),
        ),
      },
      2 * MiB,
    );
    const { rows } = await collect(readXlsxRows(Readable.from([bytes]), INPUTS));
    expect(rows.map((row) => row.inputs[0])).toEqual([
      'https://acme.example.com/',
      'https://beta.example.com/',
    ]);
  });
});

describe('parts the reader never reads', () => {
  /** The bytes with `name`'s entry marked deflated (method 8) though its data is not deflate at all. */
  function markDeflated(zip: Buffer, name: string): Buffer {
    const out = Buffer.from(zip);
    const nameBytes = Buffer.from(name);
    for (const [signature, nameAt, methodAt] of [
      [0x04034b50, 30, 8], // local file header
      [0x02014b50, 46, 10], // central directory header
    ] as const) {
      for (let at = out.indexOf(nameBytes); at !== -1; at = out.indexOf(nameBytes, at + 1)) {
        const header = at - nameAt;
        if (header >= 0 && out.readUInt32LE(header) === signature) out.writeUInt16LE(8, header + methodAt);
      }
    }
    return out;
  }

  it('are never inflated: one that is not valid deflate data does not stop the upload', async () => {
    // 0xff opens a block of the reserved type 3: inflating it fails at its first byte.
    const junk = Buffer.alloc(64 * 1024, 0xff);
    const zip = await JSZip.loadAsync(await workbookWith({}));
    zip.file('docProps/thumbnail.jpeg', junk, { compression: 'STORE' });
    zip.file('xl/theme/theme9.xml', junk, { compression: 'STORE' });
    const stored = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const bytes = markDeflated(markDeflated(stored, 'docProps/thumbnail.jpeg'), 'xl/theme/theme9.xml');
    expect(bytes.equals(stored)).toBe(false);
    const { rows } = await collect(readXlsxRows(Readable.from([bytes]), INPUTS));
    expect(rows.map((row) => row.inputs[0])).toEqual([
      'https://acme.example.com/',
      'https://beta.example.com/',
    ]);
  });
});
