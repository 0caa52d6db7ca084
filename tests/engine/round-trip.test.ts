import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyFacts, startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Upload → download round trip (issue 31): every input row comes back in input order with the
// analyst's columns as uploaded, refused rows with their reason, in all four formats, through the
// key-authenticated download and the signed results link. Runs on PGlite and, with DATABASE_URL
// (scripts/with-postgres.sh), on PostgreSQL.

let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;
let taskId: string;
let emailField: string;
let outputs: string[];

beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine();
  api = apiClient(t.url, t.key);
  const created = await api.post('/v0.1/tasks/create', {
    json: { description: 'Find the contact email address and phone number of a company website' },
  });
  taskId = created.body.data.task_id;
  const task = await api.get(`/v0.1/tasks/${taskId}`);
  outputs = (task.body.data.outputs as { name: string }[]).map((o) => o.name);
  emailField = outputs.find((n) => n.includes('email'))!;
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function runBatch(file: File, fields: Record<string, string> = {}) {
  const r = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId, ...fields }, file) });
  expect(r.status).toBe(201);
  const id = r.body.data.batch_id as string;
  await waitFor(async () => (await api.get(`/v0/batches/${id}`)).body.data.completed, 60_000);
  return { id, created: r.body.data };
}

async function download(id: string, format: string, query = ''): Promise<Buffer> {
  const r = await fetch(`${t.url}/v0.1/batches/${id}/download?format=${format}${query}`, {
    headers: { 'x-api-key': t.key },
  });
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

async function linkDownload(id: string, format: string): Promise<Buffer> {
  const raw = await api.get(`/v0/batches/${id}/results?format=${format}`);
  const r = await fetch(raw.body.data ? raw.body.file.file : raw.body.file.file);
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

const parseCsv = (buf: Buffer) =>
  Papa.parse<string[]>(buf.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

async function sheetOf(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('a CSV with extra columns, a blank line, a multi-line cell, a quoted comma and a bad URL', () => {
  let id: string;
  const co = (n: number) => `${site.url}/co/${n}/`;
  const csv = () =>
    [
      'Owner,Company,Website,Notes',
      `Ann,"Acme, Inc",${co(1)},"first line\r\nsecond line"`,
      '',
      'Bob,Beta,not a url,plain',
      `Cy,Gamma,${co(2)},=1+1`,
    ].join('\r\n') + '\r\n';

  beforeAll(async () => {
    const run = await runBatch(new File([csv()], 'accounts.csv', { type: 'text/csv' }));
    id = run.id;
    // The blank line is row 3 of the sheet (index 1), the bad URL row 4 (index 2): numbers never shift.
    expect(run.created.jobs_failed_error_indexes).toEqual([
      { error_index: 1, error_message: 'empty row' },
      { error_index: 2, error_message: expect.stringMatching(/Website/) },
    ]);
  });

  it('CSV: every row in order, the analyst cells as uploaded, then data_uuid, answers, status, error', async () => {
    for (const buf of [await download(id, 'csv'), await linkDownload(id, 'csv')]) {
      const rows = parseCsv(buf);
      expect(rows[0]).toEqual([
        'Owner',
        'Company',
        'Website',
        'Notes',
        'data_uuid',
        ...outputs,
        'status',
        'error',
      ]);
      expect(rows).toHaveLength(5);
      const at = (r: number, name: string) => rows[r]![rows[0]!.indexOf(name)];
      expect(rows[1]!.slice(0, 5)).toEqual(['Ann', 'Acme, Inc', co(1), 'first line\r\nsecond line', 'row-0']);
      expect(at(1, emailField)).toBe(companyFacts(1).email);
      expect(at(1, 'status')).toBe('succeeded');
      expect(rows[2]!.slice(0, 5)).toEqual(['', '', '', '', 'row-1']);
      expect([at(2, 'status'), at(2, 'error')]).toEqual(['refused', 'empty row']);
      expect(rows[3]!.slice(0, 5)).toEqual(['Bob', 'Beta', 'not a url', 'plain', 'row-2']);
      expect(at(3, 'status')).toBe('refused');
      expect(at(3, 'error')).toMatch(/not a url/);
      // The analyst's own cell comes back as written, not neutralised like an answer would be.
      expect(rows[4]!.slice(0, 5)).toEqual(['Cy', 'Gamma', co(2), '=1+1', 'row-3']);
      expect(at(4, emailField)).toBe(companyFacts(2).email);
    }
  });

  it('CSV with sources: each answer followed by its source page and confidence', async () => {
    const rows = parseCsv(await download(id, 'csv', '&sources=1'));
    const col = rows[0]!.indexOf(`${emailField} source`);
    expect(col).toBeGreaterThan(rows[0]!.indexOf('error'));
    expect(rows[1]![col]).toContain(`${site.url}/co/1/`);
    expect(Number(rows[1]![rows[0]!.indexOf(`${emailField} confidence`)])).toBeGreaterThan(0);
    expect(rows[2]![col]).toBe('');
  });

  it('XLSX: the same cells, CSV text staying text', async () => {
    for (const buf of [await download(id, 'xlsx'), await linkDownload(id, 'xlsx')]) {
      const sheet = await sheetOf(buf);
      expect(sheet.rowCount).toBe(5);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 5)).toEqual(['Owner', 'Company', 'Website', 'Notes', 'data_uuid']);
      expect(sheet.getRow(2).getCell(2).value).toBe('Acme, Inc');
      // XML reads a CR LF line break as LF: how a line break in a workbook cell is always read.
      expect(sheet.getRow(2).getCell(4).value).toBe('first line\nsecond line');
      expect(sheet.getRow(5).getCell(4).value).toBe('=1+1');
      const status = header.indexOf('status') + 1;
      expect([2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(status).value)).toEqual([
        'succeeded',
        'refused',
        'refused',
        'succeeded',
      ]);
    }
  });

  it('JSONL and JSON: result rows with row_number and the original cells by header', async () => {
    const jsonl = (await download(id, 'jsonl'))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const json = JSON.parse((await linkDownload(id, 'json')).toString('utf8'));
    for (const rows of [jsonl, json]) {
      expect(rows.map((r: { row_number: number }) => r.row_number)).toEqual([2, 3, 4, 5]);
      expect(rows.map((r: { status: string }) => r.status)).toEqual([
        'succeeded',
        'refused',
        'refused',
        'succeeded',
      ]);
      expect(rows[0].original).toEqual({
        Owner: 'Ann',
        Company: 'Acme, Inc',
        Website: co(1),
        Notes: 'first line\r\nsecond line',
      });
      expect(rows[0].data_uuid).toBe('row-0');
      expect(rows[0].data_json[emailField]).toBe(companyFacts(1).email);
      expect(rows[1]).toMatchObject({ data_uuid: 'row-1', status: 'refused', error: 'empty row' });
      expect(rows[2]).toMatchObject({ inputs: ['not a url'], status: 'refused' });
    }
  });
});

describe('an XLSX with a number, a date and a link cell', () => {
  let id: string;
  const founded = new Date(Date.UTC(1999, 4, 17));

  beforeAll(async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Accounts');
    sheet.addRow(['ID', 'Website', 'Employees', 'Founded', 'Profile']);
    sheet.addRow([
      'a-1',
      `${site.url}/co/3/`,
      120,
      founded,
      { text: 'profile', hyperlink: 'https://example.com/p/1' },
    ]);
    sheet.addRow([]);
    sheet.addRow(['a-2', `${site.url}/co/4/`, 7.5, founded, 'no link']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const file = new File([buf], 'accounts.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    ({ id } = await runBatch(file, { uuid_column: 'ID' }));
  });

  it('XLSX: numbers stay numbers, dates are date cells, links are links; no data_uuid column added', async () => {
    const sheet = await sheetOf(await download(id, 'xlsx'));
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual([
      'ID',
      'Website',
      'Employees',
      'Founded',
      'Profile',
      ...outputs.slice(0, 1),
    ]);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('a-1');
    expect(row.getCell(3).value).toBe(120);
    expect(row.getCell(4).value).toEqual(founded);
    expect(row.getCell(4).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(5).value).toMatchObject({ text: 'profile', hyperlink: 'https://example.com/p/1' });
    const status = header.indexOf('status') + 1;
    expect(sheet.getRow(3).getCell(status).value).toBe('refused');
    expect(sheet.getRow(4).getCell(3).value).toBe(7.5);
    expect(sheet.getRow(4).getCell(status).value).toBe('succeeded');
  });

  it('CSV: the workbook cells as the sheet shows them', async () => {
    const rows = parseCsv(await download(id, 'csv'));
    expect(rows[1]!.slice(0, 5)).toEqual(['a-1', `${site.url}/co/3/`, '120', '1999-05-17', 'profile']);
    expect(rows[2]!.slice(0, 5)).toEqual(['', '', '', '', '']);
    expect(rows[3]![0]).toBe('a-2');
  });

  it('JSON: numbers stay numbers in the original cells', async () => {
    const rows = JSON.parse((await download(id, 'json')).toString('utf8'));
    expect(rows[0].original).toMatchObject({ ID: 'a-1', Employees: 120, Founded: '1999-05-17' });
    expect(rows.map((r: { data_uuid: string }) => r.data_uuid)).toEqual(['a-1', '', 'a-2']);
  });
});

describe('a CSV large enough to be spooled and read while it arrives', () => {
  it('keeps its bytes as they arrive: the download gives every row back, cancelled ones as removed', async () => {
    const n = 4000;
    const pad = 'x'.repeat(80);
    const lines = ['Website,Notes'];
    for (let i = 0; i < n; i++) lines.push(`${site.url}/slow/2000/co/${i}/,"note ${i}, ${pad}"`);
    const text = lines.join('\n') + '\n';
    expect(text.length).toBeGreaterThan(256 * 1024); // past the in-memory size: spooled, read early
    const r = await api.post('/v0.1/batches', {
      form: batchForm({ task_id: taskId }, new File([text], 'big.csv', { type: 'text/csv' })),
    });
    expect(r.status).toBe(201);
    const id = r.body.data.batch_id as string;
    await api.post(`/v0.1/batches/${id}/cancel`);
    const rows = parseCsv(await download(id, 'csv'));
    expect(rows).toHaveLength(n + 1);
    expect(rows[0]!.slice(0, 3)).toEqual(['Website', 'Notes', 'data_uuid']);
    for (const i of [0, 1234, n - 1]) {
      expect(rows[i + 1]!.slice(0, 3)).toEqual([
        `${site.url}/slow/2000/co/${i}/`,
        `note ${i}, ${pad}`,
        `row-${i}`,
      ]);
    }
    expect(new Set(rows.slice(1).map((row) => row[rows[0]!.indexOf('status')]))).toContain('removed');
  });
});
