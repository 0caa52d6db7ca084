import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { batches } from '@/lib/engine/db/schema';
import { WORKBOOK_RELS_LIMIT } from '@/lib/ingest/xlsx-part-limits';
import { apiClient, batchForm, createContactTask } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// An XLSX upload whose part is over its in-memory cap (lib/ingest/xlsx-part-limits.ts) is refused
// through the upload's own error path: 413 in the envelope, the part and the limit named, no batch.
let t: TestEngine;
let taskId: string;
beforeAll(async () => {
  t = await startTestEngine();
  taskId = await createContactTask(apiClient(t.url, t.key));
});
afterAll(() => t?.close());

it('refuses a workbook whose relationships part is over its cap with 413, naming both', async () => {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sites').addRows([['Website'], ['https://acme.example.com/']]);
  const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
  const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
  const filler = '<Relationship Id="rX" Type="x" Target="y"/>'.repeat(
    Math.ceil((WORKBOOK_RELS_LIMIT.maxBytes * 2) / 44),
  );
  zip.file('xl/_rels/workbook.xml.rels', rels.replace('</Relationships>', `${filler}</Relationships>`));
  const bytes = await zip.generateAsync({ type: 'arraybuffer', compression: 'DEFLATE' });

  const api = apiClient(t.url, t.key);
  const r = await api.post('/v0.1/batches', {
    form: batchForm({ task_id: taskId }, new File([bytes], 'sites.xlsx')),
  });
  expect(r.status).toBe(413);
  expect(r.body).toMatchObject({ status: 'error', error: { code: 413 } });
  expect(r.body.error.details).toBe(
    "the XLSX part xl/_rels/workbook.xml.rels unzips to more than 1 MB, the limit for the workbook's relationships; the file is refused",
  );
  expect(await t.engine.db.select().from(batches)).toHaveLength(0);
});
