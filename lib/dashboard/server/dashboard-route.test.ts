import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dashboardRoute, readJsonBody } from './dashboard-route';
import { forwardToUpstream } from './forward';

// A body that counts how often it was asked for more: the proof that a reader stopped at its cap.
function countingBody(chunkBytes: number, chunks: number) {
  const counter = { pulls: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        counter.pulls += 1;
        if (sent++ >= chunks) controller.close();
        else controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

const ORIGIN = 'http://127.0.0.1:3000';
const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/api/x`, {
    method: 'POST',
    body,
    headers: { host: '127.0.0.1:3000', origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...headers },
    duplex: 'half',
  } as RequestInit);

const ctx = { params: Promise.resolve({}) };
const echo = dashboardRoute(async (req) => Response.json(await readJsonBody(req)), { public: true });

describe('dashboard routes', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.PORT = '3000';
    process.env.HOST = '127.0.0.1';
    delete process.env.QUARRY_PUBLIC_URL;
    // Should a check regress and a request fall through to the upstream, the engine it boots stays in here.
    process.env.QUARRY_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-dashboard-route-'));
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('stop reading a streamed body at the cap and answer 413', async () => {
    const { stream, counter } = countingBody(16 * 1024, 64); // 1 MB offered, 64 KB allowed
    const res = await echo(post(stream), ctx);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(413);
    // 64 KB is four 16 KB chunks, the fifth crosses the cap: nothing after it is asked for.
    expect(counter.pulls).toBeLessThanOrEqual(6);
  });

  it('refuse a declared Content-Length over the cap without reading a byte', async () => {
    const { stream, counter } = countingBody(16 * 1024, 128);
    const res = await echo(post(stream, { 'content-length': String(2 * 1024 * 1024) }), ctx);
    expect(res.status).toBe(413);
    expect(counter.pulls).toBe(0);
  });

  it('answer 400 in the envelope for a body that is not JSON, and read an empty body as {}', async () => {
    const bad = await echo(post('{"password": '), ctx);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Malformed JSON');
    const empty = await echo(post(null), ctx);
    expect(await empty.json()).toEqual({});
  });

  it('answer 421 to a Host that is not one of the server names, even with a matching Origin', async () => {
    const res = await echo(
      post('{}', { host: 'rebind.attacker.test:3000', origin: 'http://rebind.attacker.test:3000' }),
      ctx,
    );
    expect(res.status).toBe(421);
    expect(((await res.json()) as { status: string }).status).toBe('error');
  });

  it('refuse a GET another site caused', async () => {
    const get = (site: string) =>
      echo(
        new Request(`${ORIGIN}/api/x`, { headers: { host: '127.0.0.1:3000', 'sec-fetch-site': site } }),
        ctx,
      );
    expect((await get('cross-site')).status).toBe(403);
    expect((await get('same-site')).status).toBe(403);
    expect((await get('same-origin')).status).toBe(200);
  });

  it('refuse a results-by-webhook GET through the upstream proxy unless the dashboard sent it', async () => {
    // No Sec-Fetch-Site, no Origin: an <img> load in a browser that sends neither.
    const img = new Request(
      `${ORIGIN}/api/upstream/v0/batches/b1/results?output_type=webhook&webhook_url=https://attacker.test/`,
      { headers: { host: '127.0.0.1:3000' } },
    );
    const res = await forwardToUpstream(img, ['v0', 'batches', 'b1', 'results']);
    expect(res.status).toBe(403);
  });
});
