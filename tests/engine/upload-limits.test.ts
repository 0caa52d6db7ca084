import http from 'node:http';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { batches } from '@/lib/engine/db/schema';
import { apiClient, batchForm, createContactTask } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// QUARRY_MAX_UPLOAD_MB caps uploads: 413 in the envelope, whether the size is declared up front or
// only discovered while streaming, and nothing is left behind (no batch, no spooled file).
let t: TestEngine;
let taskId: string;
beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_MAX_UPLOAD_MB: '0.05' } }); // 52,428 bytes
  const api = apiClient(t.url, t.key);
  taskId = await createContactTask(api);
});
afterAll(() => t?.close());

const bigJsonl = () =>
  Array.from({ length: 3000 }, (_, i) =>
    JSON.stringify({ data_uuid: `r${i}`, inputs: [`https://site-${i}.example.com/`] }),
  ).join('\n');

it('a declared oversized upload is refused with 413 and nothing is written', async () => {
  const api = apiClient(t.url, t.key);
  const r = await api.post('/v0.1/batches', {
    form: batchForm({ task_id: taskId }, new File([bigJsonl()], 'big.jsonl')),
  });
  expect(r.status).toBe(413);
  expect(r.body).toMatchObject({ status: 'error', data: {}, error: { code: 413 } });
  expect(r.body.error.details).toMatch(/at most/);
  expect(await t.engine.db.select().from(batches)).toHaveLength(0);
});

it('a chunked upload with no length is cut off at the cap with 413', async () => {
  const boundary = 'quarryboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="task_id"\r\n\r\n${taskId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="batch_input_data"; filename="big.jsonl"\r\nContent-Type: application/x-ndjson\r\n\r\n`;
  const url = new URL('/v0.1/batches', t.url);
  const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'x-api-key': t.key,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    const chunk = bigJsonl();
    // Stream well past the cap, in pieces, without declaring a length.
    let sent = 0;
    const pump = () => {
      while (sent < 20) {
        sent++;
        if (!req.write(chunk + '\n')) return req.once('drain', pump);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
  expect(status.code).toBe(413);
  expect(JSON.parse(status.body).error.code).toBe(413);
  expect(await t.engine.db.select().from(batches)).toHaveLength(0);
  const spooled = fs.existsSync(t.engine.uploadDir) ? fs.readdirSync(t.engine.uploadDir) : [];
  expect(spooled).toEqual([]);
});
