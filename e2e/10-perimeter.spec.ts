import http from 'node:http';
import { expect, test } from './support/test';
import { SIGNIN_URL } from './support/env';

// The dashboard's perimeter against other sites, over raw HTTP: node:http lets a test forge Host
// (fetch does not), which is what a DNS-rebinding page makes the victim's browser send.

const MAIN_PORT = Number(process.env.QUARRY_E2E_PORT);
const SIGNIN_PORT = Number(new URL(SIGNIN_URL()).port);
const REBOUND = `rebind.attacker.test:${MAIN_PORT}`;

interface RawAnswer {
  status: number;
  type: string;
  body: string;
  /** Body bytes the client had handed to the socket when the answer arrived. */
  written: number;
}

interface RawRequest {
  port?: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send the body chunked, chunk after chunk as the socket drains, until the answer arrives or `total` is sent. */
  stream?: { total: number };
  /** Send the headers and then nothing: only a server that does not wait for the body can answer. */
  holdBody?: boolean;
  /** The loopback address to send from: a client of its own for the per-client sign-in throttle. */
  from?: string;
}

function raw(req: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const r = http.request(
      {
        host: '127.0.0.1',
        port: req.port ?? MAIN_PORT,
        method: req.method ?? 'GET',
        path: req.path,
        headers: { host: `127.0.0.1:${req.port ?? MAIN_PORT}`, ...req.headers },
        localAddress: req.from,
        agent: false,
      },
      (res) => {
        answered = true;
        const at = written;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            written: at,
          });
          r.destroy();
        });
      },
    );
    // The server may close the connection on a body it will not read: only an error before any answer counts.
    r.on('error', (err) => {
      if (!answered) reject(err);
    });
    if (req.holdBody) {
      r.flushHeaders();
      return;
    }
    if (req.stream) {
      const { total } = req.stream;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      // One chunk per turn of the event loop, so the server's early answer is read as soon as it
      // arrives: written in one burst, the server's close could reach this socket as a write error
      // (EPIPE) before the answer was parsed, on a loaded machine.
      const pump = () => {
        if (answered) return;
        if (written >= total) return void r.end();
        written += chunk.length;
        if (r.write(chunk)) setImmediate(pump);
        else r.once('drain', pump);
      };
      pump();
      return;
    }
    r.end(req.body);
  });
}

const json = (a: RawAnswer) =>
  JSON.parse(a.body) as { status: string; data: unknown; error?: { code: number } };

test.describe('DNS rebinding: a Host that is not one of the server names gets 421', () => {
  test('pages answer 421 in plain text to a rebound Host, and normally to their own names', async () => {
    const page = await raw({ path: '/settings', headers: { host: REBOUND } });
    expect(page.status).toBe(421);
    expect(page.type).toMatch(/^text\/plain/);
    expect(page.body).toContain('Misdirected request');
    for (const host of [`127.0.0.1:${MAIN_PORT}`, `localhost:${MAIN_PORT}`]) {
      expect((await raw({ path: '/settings', headers: { host } })).status, host).toBe(200);
    }
    // Dot segments do not lead around the check to a page.
    expect((await raw({ path: '/api/../settings', headers: { host: REBOUND } })).status).not.toBe(200);
  });

  test('a rebound page can neither create a key nor read the webhook secret', async () => {
    const attacker = { host: REBOUND, origin: `http://${REBOUND}`, 'sec-fetch-site': 'same-origin' };
    const create = await raw({
      method: 'POST',
      path: '/api/settings/keys',
      headers: { ...attacker, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'rebound-key' }),
    });
    expect(create.status).toBe(421);
    expect(json(create)).toMatchObject({ status: 'error', error: { code: 421 } });

    const reveal = await raw({ path: '/api/settings/webhook-secret?reveal=1', headers: attacker });
    expect(reveal.status).toBe(421);
    expect(reveal.body).not.toContain('whsec_');

    // Nothing was created, and the dashboard itself still works.
    const keys = await raw({ path: '/api/settings/keys' });
    expect(keys.status).toBe(200);
    expect(keys.body).not.toContain('rebound-key');
  });

  test("the engine's own API, keyed by x-api-key, answers any Host", async () => {
    expect((await raw({ path: '/healthz', headers: { host: REBOUND } })).status).toBe(200);
    // 401 from the engine (no key), not 421 from the dashboard's allow-list.
    expect((await raw({ path: '/v0.1/tasks', headers: { host: REBOUND } })).status).toBe(401);
  });
});

test.describe('capped request bodies', () => {
  const signIn = (extra: Partial<RawRequest>) =>
    raw({
      port: SIGNIN_PORT,
      method: 'POST',
      path: '/api/session',
      // Not 127.0.0.1, which spec 07's deliberate failures may have left throttled a moment ago.
      from: '127.0.0.5',
      ...extra,
      headers: {
        origin: `http://127.0.0.1:${SIGNIN_PORT}`,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
        ...extra.headers,
      },
    });

  test('a declared 2 MB body to the sign-in route is refused with 413 before any of it is sent', async () => {
    const res = await signIn({ headers: { 'content-length': String(2 * 1024 * 1024) }, holdBody: true });
    expect(res.status).toBe(413);
    expect(json(res)).toMatchObject({ status: 'error', error: { code: 413 } });
  });

  test('a chunked body without Content-Length is cut off at the cap with 413', async () => {
    const total = 64 * 1024 * 1024;
    const res = await signIn({ stream: { total } });
    expect(res.status).toBe(413);
    expect(json(res)).toMatchObject({ status: 'error', error: { code: 413 } });
    // A server that read the whole body before answering could not answer before it was all sent.
    expect(res.written).toBeLessThan(total);
  });
});

test.describe('requests another site causes', () => {
  const results =
    '/api/upstream/v0/batches/x/results?output_type=webhook&webhook_url=https%3A%2F%2Fattacker.test%2F';

  test('a cross-site GET that would send results to a webhook is refused', async () => {
    const crossSite = await raw({ path: results, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(json(crossSite)).toMatchObject({ status: 'error', error: { code: 403 } });
    // An <img> in a browser that sends no Sec-Fetch-Site and no Origin.
    expect((await raw({ path: results })).status).toBe(403);
    // The dashboard's own request is forwarded (the engine knows no batch 'x').
    expect((await raw({ path: results, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(404);
  });

  test('no /api route answers a load started by another site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await raw({ path: '/api/settings/webhook-secret', headers: { 'sec-fetch-site': site } });
      expect(res.status, site).toBe(403);
    }
    expect((await raw({ path: '/api/settings/webhook-secret' })).status).toBe(200);
  });
});
