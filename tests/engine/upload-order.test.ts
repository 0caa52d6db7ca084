import http from 'node:http';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { batches, batchRows } from '@/lib/engine/db/schema';
import { MEMORY_UPLOAD_BYTES } from '@/lib/engine/http/multipart';
import { apiClient, createContactTask } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Rows are read while the upload is still arriving when task_id comes before the file part. Whatever
// order the form's fields come in, and however the upload ends, the batch must be what the complete
// form says, and a failed upload must leave nothing behind.
let t: TestEngine;
let taskId: string;
beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_WORKER: 'off' } });
  const api = apiClient(t.url, t.key);
  taskId = await createContactTask(api);
  // Version 2 becomes live; uploads below ask for version 1 after the file.
  const edited = await api.patch(`/v0.1/tasks/${taskId}`, {
    json: { instruction: 'also extract the founded year' },
  });
  expect(edited.status).toBe(200);
});
afterAll(() => t?.close());

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({ data_uuid: `r${i}`, inputs: [`https://site-${i}.example.com/`] }),
  ).join('\n');

/** A multipart form whose parts come in exactly this order (FormData would not let a test choose). */
function orderedForm(
  parts: ({ name: string; value: string } | { name: string; filename: string; body: string })[],
) {
  const boundary = 'quarryorder';
  let body = '';
  for (const p of parts) {
    body += `--${boundary}\r\n`;
    if ('filename' in p)
      body += `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/x-ndjson\r\n\r\n${p.body}\r\n`;
    else body += `Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`;
  }
  body += `--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function post(form: { body: string; type: string }) {
  const res = await fetch(`${t.url}/v0.1/batches`, {
    method: 'POST',
    headers: { 'x-api-key': t.key, 'content-type': form.type },
    body: form.body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function storedBatches() {
  return t.engine.db.select().from(batches);
}

// Both ways an upload is read: kept in memory and read once complete (small), and spooled and read
// while it arrives (larger than MEMORY_UPLOAD_BYTES).
const SIZES = [
  ['in memory', 2500, 3],
  ['read while it arrives', 6000, 6],
] as const;

it.each(SIZES)(
  'uses task_version, webhook_url and batch_name sent after the file, and keeps one batch (%s)',
  async (way, n, blocks) => {
    expect(Buffer.byteLength(rows(n)) > MEMORY_UPLOAD_BYTES).toBe(way === 'read while it arrives');
    const before = (await storedBatches()).length;
    const r = await post(
      orderedForm([
        { name: 'task_id', value: taskId },
        { name: 'batch_input_data', filename: 'rows.jsonl', body: rows(n) },
        { name: 'task_version', value: '1' },
        { name: 'batch_name', value: 'after the file' },
        { name: 'webhook_url', value: 'http://127.0.0.1:9/hook' },
      ]),
    );
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ jobs_added: n, webhook_url: 'http://127.0.0.1:9/hook' });
    const all = await storedBatches();
    expect(all).toHaveLength(before + 1); // an early read (at the live version 2) was discarded
    const [b] = await t.engine.db.select().from(batches).where(eq(batches.id, r.body.data.batch_id));
    expect(b).toMatchObject({ taskVersion: 1, name: 'after the file', jobStatus: 'QUEUED', jobsAdded: n });
    expect(
      await t.engine.db
        .select({ block: batchRows.block })
        .from(batchRows)
        .where(eq(batchRows.batchId, b!.id)),
    ).toHaveLength(blocks);
  },
);

it('reads the file after the upload when task_id comes after it', async () => {
  const r = await post(
    orderedForm([
      { name: 'batch_input_data', filename: 'rows.jsonl', body: rows(10) },
      { name: 'task_id', value: taskId },
    ]),
  );
  expect(r.status).toBe(201);
  const [b] = await t.engine.db.select().from(batches).where(eq(batches.id, r.body.data.batch_id));
  expect(b).toMatchObject({ taskVersion: 2, jobsAdded: 10 });
});

it('reports a bad file read during the upload like any other, and keeps nothing', async () => {
  const before = (await storedBatches()).length;
  const r = await post(
    orderedForm([
      { name: 'task_id', value: taskId },
      { name: 'batch_input_data', filename: 'rows.jsonl', body: '\u0000\u0001\u0002 not rows at all' },
    ]),
  );
  expect(r.status).toBeGreaterThanOrEqual(400);
  expect(r.status).toBeLessThan(500);
  expect(r.body).toMatchObject({ status: 'error', data: {} });
  expect(await storedBatches()).toHaveLength(before);
});

it.each(SIZES)('an invalid field after the file is a 400 and no rows are kept (%s)', async (_way, n) => {
  const before = (await storedBatches()).length;
  const r = await post(
    orderedForm([
      { name: 'task_id', value: taskId },
      { name: 'batch_input_data', filename: 'rows.jsonl', body: rows(n) },
      { name: 'webhook_url', value: 'ftp://example.com/hook' },
    ]),
  );
  expect(r.status).toBe(400);
  expect(r.body.message).toMatch(/webhook_url/);
  expect(await storedBatches()).toHaveLength(before);
});

it('a client that disconnects mid-file leaves no batch and no spooled file', async () => {
  const before = (await storedBatches()).length;
  const boundary = 'quarrycut';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="task_id"\r\n\r\n${taskId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="batch_input_data"; filename="rows.jsonl"\r\n\r\n`;
  await new Promise<void>((resolve) => {
    const req = http.request(new URL('/v0.1/batches', t.url), {
      method: 'POST',
      headers: {
        'x-api-key': t.key,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(head + rows(3000) + '\n');
    // Give the server time to start reading rows, then drop the connection without finishing.
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 300);
  });
  // The server notices the aborted body and cleans up.
  const until = Date.now() + 10_000;
  for (;;) {
    const spooled = fs.existsSync(t.engine.uploadDir) ? fs.readdirSync(t.engine.uploadDir) : [];
    const all = await storedBatches();
    if (spooled.length === 0 && all.length === before) break;
    if (Date.now() > until)
      throw new Error(`left behind: ${spooled.length} spooled files, ${all.length - before} batches`);
    await new Promise((r) => setTimeout(r, 50));
  }
});
