import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, batchForm, createContactTask, jsonlFile } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Security review (issue 27): spools of uploads cut short by a crash stayed in <dataDir>/uploads for
// ever. At start the embedded store (its data directory is this process's alone) removes them all;
// on PostgreSQL, where API processes may share a data directory, only those untouched for an hour.
const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestEngine;
let dataDir: string;
let uploads: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-spools-'));
  uploads = path.join(dataDir, 'uploads');
  fs.mkdirSync(uploads);
  // As a crash leaves them: one spool an hour and more old, one written a moment ago, and a file
  // that is no spool of ours.
  fs.writeFileSync(path.join(uploads, 'upload_0mabcdefg0123456789ab.part'), 'x'.repeat(1000));
  const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
  fs.utimesSync(path.join(uploads, 'upload_0mabcdefg0123456789ab.part'), hoursAgo, hoursAgo);
  fs.writeFileSync(path.join(uploads, 'upload_0mabcdefgzzzzzzzzzzzz.part'), 'y'.repeat(1000));
  fs.writeFileSync(path.join(uploads, 'notes.txt'), 'kept');
  t = await startTestEngine({ env: { QUARRY_DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('start-up removes left-over upload spools and nothing else', () => {
  const left = fs.readdirSync(uploads).sort();
  // On PostgreSQL the recent spool may be another process's live upload: it stays.
  expect(left).toEqual(onPostgres ? ['notes.txt', 'upload_0mabcdefgzzzzzzzzzzzz.part'] : ['notes.txt']);
});

it('uploads still work and leave no spool of their own', async () => {
  const api = apiClient(t.url, t.key);
  const taskId = await createContactTask(api);
  // Over the in-memory size, so it is spooled.
  const rows = Array.from({ length: 5_000 }, (_, i) => ({
    data_uuid: `r${i}`,
    inputs: [`https://example.com/${'p'.repeat(40)}/${i}`],
  }));
  const r = await api.post('/v0/batches/validate-data', {
    form: batchForm({ task_id: taskId }, jsonlFile(rows)),
  });
  expect(r.status).toBe(200);
  expect(fs.readdirSync(uploads).filter((n) => n.endsWith('.part') && !n.includes('zzzz'))).toEqual([]);
});
