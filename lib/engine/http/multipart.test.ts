import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { LiveFile } from '../batches/upload';
import { MEMORY_UPLOAD_BYTES, receiveUpload } from './multipart';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-multipart-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function request(content: string): Request {
  const boundary = 'quarrytest';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="task_id"\r\n\r\ntask_1\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.jsonl"\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return new Request('http://127.0.0.1/upload', {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  });
}

const receive = (content: string, onFile?: (f: LiveFile) => void) =>
  receiveUpload(request(content), {
    fileField: 'file',
    maxBytes: 10 * 1024 * 1024,
    limitName: 'the test limit',
    tmpDir: dir,
    onFile,
  });

it('keeps a small upload in memory: no spool file, no live file', async () => {
  const content = '{"inputs":["https://a.example/"]}\n'.repeat(100);
  let live = false;
  const u = await receive(content, () => (live = true));
  expect(u.file?.bytes?.toString()).toBe(content);
  expect(u.file?.size).toBe(Buffer.byteLength(content));
  expect(fs.existsSync(u.file!.path)).toBe(false);
  expect(live).toBe(false);
  expect(u.fields).toEqual({ task_id: 'task_1' });
  u.cleanup();
});

it('spools an upload above the in-memory size and offers it while it arrives', async () => {
  const content = 'x'.repeat(MEMORY_UPLOAD_BYTES + 1);
  let live: LiveFile | null = null;
  const u = await receive(content, (f) => (live = f));
  expect(u.file?.bytes).toBeUndefined();
  expect(live).not.toBeNull();
  expect(fs.readFileSync(u.file!.path, 'utf8')).toBe(content);
  u.cleanup();
  expect(fs.existsSync(u.file!.path)).toBe(false);
});
