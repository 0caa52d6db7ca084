import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Security review (issue 27): failed API-key attempts were never throttled. After 20 in a minute from
// one address (QUARRY_KEY_FAILURES_PER_MIN's default) that address is answered 429 with Retry-After
// until the minute ends, whatever key it sends; other addresses keep working (the window's end is
// covered by lib/engine/auth/failed-key-throttle.test.ts). Clients are real sockets bound to different
// loopback addresses (127.0.0.0/8 is all loopback on Linux); 127.0.0.9 plays a trusted proxy.
let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_TRUSTED_PROXIES: '127.0.0.9' } });
});
afterAll(async () => t?.close());

function from(
  address: string,
  key: string,
  forwardedFor?: string,
): Promise<{ status: number; retryAfter?: string; body: string }> {
  const url = new URL('/v0/tasks', t.url);
  const headers: Record<string, string> = { 'x-api-key': key };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'GET', headers, localAddress: address, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] as string, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('failed API key attempts', () => {
  it('after 20 wrong keys from an address it gets 429 with Retry-After, even with the right key or a forged X-Forwarded-For', async () => {
    for (let i = 0; i < 20; i++)
      expect((await from('127.0.0.2', `qk_guess_${i}`, `203.0.113.${i}`)).status).toBe(401);
    const throttled = await from('127.0.0.2', 'qk_guess_20', '203.0.113.99');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(throttled.body).message).toBe('Too many failed API key attempts');
    expect((await from('127.0.0.2', t.key)).status).toBe(429);
  });

  it('the right key still works from another client, and a wrong one there is a plain 401', async () => {
    expect((await from('127.0.0.3', t.key)).status).toBe(200);
    expect((await from('127.0.0.3', 'qk_wrong')).status).toBe(401);
  });

  it('behind a trusted proxy the client it names counts, not the proxy or what the client wrote before it', async () => {
    for (let i = 0; i < 20; i++)
      expect((await from('127.0.0.9', `qk_guess_${i}`, `10.9.9.${i}, 198.51.100.4`)).status).toBe(401);
    expect((await from('127.0.0.9', t.key, '10.9.9.99, 198.51.100.4')).status).toBe(429);
    expect((await from('127.0.0.9', t.key, '198.51.100.5')).status).toBe(200);
  });
});
