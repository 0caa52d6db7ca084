import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { curlSnippet, fetchSnippet } from './snippets';

// Snippets are pasted as they are: run each against a loopback server and check what arrives.
interface Seen {
  method?: string;
  url?: string;
  key?: string;
  type?: string;
  body: string;
}
let seen: Seen;
let base: string;
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (d: Buffer) => (body += d.toString()));
  req.on('end', () => {
    seen = {
      method: req.method,
      url: req.url,
      key: req.headers['x-api-key'] as string,
      type: req.headers['content-type'],
      body,
    };
    res.setHeader('content-type', 'application/json');
    res.end('{"status":"success","data":{},"message":""}');
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function run(file: string, args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, QUARRY_API_KEY: 'key-from-the-shell' };
  delete env.QUARRY_URL;
  return new Promise((resolve, reject) =>
    execFile(file, args, { env }, (err, stdout, stderr) =>
      err ? reject(new Error(stderr || err.message)) : resolve(stdout),
    ),
  );
}

const request = { method: 'POST', path: '/v0.1/tasks/abc/test', json: { input: "https://example.com/it's" } };

it("the curl snippet sets QUARRY_URL and sends the reader's QUARRY_API_KEY", async () => {
  const snippet = curlSnippet(base, request);
  expect(snippet).not.toContain('key-from-the-shell');
  await run('bash', ['-c', snippet]);
  expect(seen).toEqual({
    method: 'POST',
    url: '/v0.1/tasks/abc/test',
    key: 'key-from-the-shell',
    type: 'application/json',
    body: JSON.stringify(request.json),
  });
});

it('the TypeScript snippet runs as a module with the same variables', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-snippet-'));
  const file = path.join(dir, 'snippet.mts');
  fs.writeFileSync(file, `${fetchSnippet(base, request)}\nconsole.log(envelope.status);\n`);
  try {
    await run(process.execPath, ['--import', 'tsx', file]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  expect(seen).toMatchObject({ method: 'POST', url: '/v0.1/tasks/abc/test', key: 'key-from-the-shell' });
  expect(JSON.parse(seen.body)).toEqual(request.json);
});
