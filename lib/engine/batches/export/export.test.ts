import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { DownloadRow } from '../download-table';
import { unrunResult } from '../download-table';
import { layoutFor, linesFor } from './columns';
import { csvChunks, csvLineOf } from './csv';
import { jsonRecord, originalKeys } from './json';
import { xlsxStream } from './xlsx';
import { originalCell, typedCell } from './xlsx-cells';

const DEF: TaskDefinition = {
  name: 't',
  description: '',
  list: false,
  inputs: [{ name: 'website', type: 'url', description: '' }],
  outputs: [
    { name: 'employees', type: 'number', description: '', query: 'q' },
    { name: 'founded', type: 'date', description: '', query: 'q' },
    { name: 'homepage', type: 'url', description: '', query: 'q' },
    { name: 'revenue', type: 'money', description: '', query: 'q' },
  ],
};

function done(original: unknown[] | null, data: Record<string, unknown>, rowNumber = 2): DownloadRow {
  return {
    rowNumber,
    original,
    result: {
      ...unrunResult('u-1', ['https://a.example/'], '', 1),
      status: 'succeeded',
      error: null,
      error_detected: false,
      data_json: data,
      data_sources: { employees: { url: 'https://a.example/about', snippet: 's', confidence: 0.9 } },
    },
  };
}

async function* of<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

describe('layout', () => {
  it('puts the analyst columns first, data_uuid when the upload had none, answers, status, error, sources', () => {
    const layout = layoutFor(DEF, { header: ['Owner', 'Site'], uuidColumn: null }, { sources: true });
    expect(layout.header).toEqual([
      'Owner',
      'Site',
      'data_uuid',
      'employees',
      'founded',
      'homepage',
      'revenue',
      'status',
      'error',
      'employees source',
      'employees confidence',
      'founded source',
      'founded confidence',
      'homepage source',
      'homepage confidence',
      'revenue source',
      'revenue confidence',
    ]);
    const [line] = linesFor(DEF, layout, done(['Ann', 'a.example'], { employees: '120' }));
    expect(line!.slice(0, 4)).toEqual(['Ann', 'a.example', 'u-1', '120']);
    expect(line!.slice(9, 11)).toEqual(['https://a.example/about', 0.9]);
  });

  it('keeps the upload uuid column instead of adding one; a JSONL upload gets data_uuid and the inputs', () => {
    expect(layoutFor(DEF, { header: ['ID', 'Site'], uuidColumn: 0 }).header.slice(0, 3)).toEqual([
      'ID',
      'Site',
      'employees',
    ]);
    const jsonl = layoutFor(DEF, { header: null, uuidColumn: null });
    expect(jsonl.header.slice(0, 3)).toEqual(['data_uuid', 'website', 'employees']);
    expect(linesFor(DEF, jsonl, done(null, {}))[0]!.slice(0, 2)).toEqual(['u-1', 'https://a.example/']);
  });
});

describe('CSV', () => {
  it("gives the analyst's cells back as written, and neutralises what the service wrote", () => {
    const layout = layoutFor(DEF, { header: ['Notes'], uuidColumn: null });
    expect(csvLineOf(layout, ['=1+1', '-5', '=HYPERLINK("x")'])).toBe('=1+1,\'-5,"\'=HYPERLINK(""x"")"\r\n');
    expect(csvLineOf(layout, ['two\r\nlines, "quoted"'])).toBe('"two\r\nlines, ""quoted"""\r\n');
  });

  it('writes the header and every row, a refused one with its reason', async () => {
    const layout = layoutFor(DEF, { header: ['Site'], uuidColumn: null });
    const refused: DownloadRow = {
      rowNumber: 3,
      original: [''],
      result: unrunResult('row-1', [''], 'empty row', 1),
    };
    let text = '';
    for await (const chunk of csvChunks(DEF, layout, of([done(['a.example'], {}), refused]))) text += chunk;
    expect(text.split('\r\n')).toEqual([
      '\uFEFFSite,data_uuid,employees,founded,homepage,revenue,status,error',
      'a.example,u-1,,,,,succeeded,',
      ',row-1,,,,,refused,empty row',
      '',
    ]);
  });
});

describe('XLSX cells', () => {
  it('types answers by output type, leaving what does not read as its type as text', () => {
    expect(typedCell('120', 'number')).toEqual({ value: 120 });
    expect(typedCell('about 120', 'number')).toEqual({ value: 'about 120' });
    expect(typedCell('2020-01-02', 'date')).toEqual({
      value: new Date(Date.UTC(2020, 0, 2)),
      numFmt: 'yyyy-mm-dd',
    });
    expect(typedCell('2020-01-02T13:45:00Z', 'date')).toEqual({
      value: new Date(Date.UTC(2020, 0, 2, 13, 45)),
      numFmt: 'yyyy-mm-dd hh:mm:ss',
    });
    expect(typedCell('spring 2020', 'date')).toEqual({ value: 'spring 2020' });
    expect(typedCell('https://a.example/', 'url')).toEqual({
      value: { text: 'https://a.example/', hyperlink: 'https://a.example/' },
    });
    expect(typedCell('javascript:alert(1)', 'url')).toEqual({ value: 'javascript:alert(1)' });
    expect(typedCell('12.50 EUR', 'text')).toEqual({ value: '12.50 EUR' });
    expect(typedCell('true', 'boolean')).toEqual({ value: true });
  });

  it('gives uploaded workbook cells back as typed', () => {
    const date = new Date(Date.UTC(1999, 4, 17));
    expect(originalCell(120)).toEqual({ value: 120 });
    expect(originalCell(date)).toEqual({ value: date, numFmt: 'yyyy-mm-dd' });
    expect(originalCell({ text: 'site', hyperlink: 'https://a.example/' })).toEqual({
      value: { text: 'site', hyperlink: 'https://a.example/' },
    });
    expect(originalCell({ formula: '1+1', result: 2 })).toEqual({ value: 2 });
    expect(originalCell({ richText: [{ text: 'Be' }, { text: 'ta' }] })).toEqual({ value: 'Beta' });
    expect(originalCell('007')).toEqual({ value: '007' }); // CSV text stays text
  });

  it('writes a workbook Excel reads back with the same types', async () => {
    const layout = layoutFor(DEF, { header: ['Site', 'Staff'], uuidColumn: null });
    const row = done(['a.example', 42], {
      employees: '120',
      founded: '2001-03-04',
      homepage: 'https://a.example/',
      revenue: '5 EUR',
    });
    const buf = Buffer.from(await new Response(xlsxStream(DEF, layout, of([row]))).arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const r = wb.worksheets[0]!.getRow(2);
    expect(r.getCell(2).value).toBe(42);
    expect(r.getCell(4).value).toBe(120);
    expect(r.getCell(5).value).toEqual(new Date(Date.UTC(2001, 2, 4)));
    expect(r.getCell(5).numFmt).toBe('yyyy-mm-dd');
    expect(r.getCell(6).value).toMatchObject({ hyperlink: 'https://a.example/' });
    expect(r.getCell(7).value).toBe('5 EUR');
  });
});

describe('JSON rows', () => {
  it('carry row_number and the original cells by header, repeated or empty headers by column', () => {
    const keys = originalKeys(['Site', '', 'Site', 'Staff']);
    expect(keys).toEqual(['Site', 'column 2', 'column 3', 'Staff']);
    const record = jsonRecord(keys, done(['a.example', 'x', 'y', 42], {}, 7));
    expect(record).toMatchObject({
      data_uuid: 'u-1',
      row_number: 7,
      original: { Site: 'a.example', 'column 2': 'x', 'column 3': 'y', Staff: 42 },
    });
  });
});
