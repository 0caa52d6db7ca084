// The benchmarks' HTTP client, in a process of its own as a real client is: it streams a multipart
// upload from disk with node:http (no FormData, no web streams), and polls with plain GETs, so the
// server process's figures hold only the server's work. Driven over IPC: {id, url, file, fields, key}
// (an upload) or {id, url, key} (a GET) → {id, ms, status, body}; {id, url, key, lines: true} (a GET
// of a stream, read chunk by chunk and its lines counted, never held whole) → {id, ms, status, lines}.
// `ms` runs from the request's start to the response's end.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

function upload({ url, file, fields, key }) {
  const boundary = `----quarry-bench-${Date.now().toString(16)}`;
  let head = '';
  for (const [k, v] of Object.entries(fields)) {
    head += `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  }
  head += `--${boundary}\r\ncontent-disposition: form-data; name="batch_input_data"; filename="${path.basename(file)}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + fs.statSync(file).size + Buffer.byteLength(tail);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'x-api-key': key,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () =>
        resolve({
          ms: performance.now() - t0,
          status: res.statusCode,
          body: Buffer.concat(parts).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.write(head);
    const body = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    body.on('error', reject);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

// Keep-alive, as a polling client's connection is.
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function get({ url, key }) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'x-api-key': key } }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () =>
        resolve({
          ms: performance.now() - t0,
          status: res.statusCode,
          body: Buffer.concat(parts).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function countLines({ url, key }) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: key ? { 'x-api-key': key } : {} }, (res) => {
      let lines = 0;
      res.on('data', (c) => {
        for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode, lines }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

process.on('message', async (msg) => {
  try {
    process.send({
      id: msg.id,
      ...(await (msg.file ? upload(msg) : msg.lines ? countLines(msg) : get(msg))),
    });
  } catch (err) {
    process.send({ id: msg.id, error: String(err?.message ?? err) });
  }
});
process.on('disconnect', () => process.exit(0));
