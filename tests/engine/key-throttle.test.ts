import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Security review (issue 27): failed API-key attempts were never throttled. After 20 in a minute from
// one address (QUARRY_KEY_FAILURES_PER_MIN's default) that address is answered 429 with Retry-After
// until the minute ends, whatever key it sends; other addresses keep working (the window's end is
// covered by lib/engine/auth/failed-key-throttle.test.ts). No proxy sits in front of the test engine, so
// a client names its address with X-Forwarded-For, as it could behind Next with no proxy.
let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => t?.close());

const from = (address: string, key: string) =>
  apiClient(t.url, key).get('/v0/tasks', { headers: { 'x-forwarded-for': address } });

describe('failed API key attempts', () => {
  it('after 20 wrong keys from an address, it gets 429 with Retry-After, even with the right key', async () => {
    for (let i = 0; i < 20; i++) expect((await from('203.0.113.7', `qk_guess_${i}`)).status).toBe(401);
    const throttled = await from('203.0.113.7', 'qk_guess_20');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(throttled.body.message).toBe('Too many failed API key attempts');
    expect((await from('203.0.113.7', t.key)).status).toBe(429);
  });

  it('the right key still works from another client, and a wrong one there is a plain 401', async () => {
    expect((await from('203.0.113.8', t.key)).status).toBe(200);
    expect((await from('203.0.113.8', 'qk_wrong')).status).toBe(401);
    // With no X-Forwarded-For the socket's address counts (loopback here), not the throttled one.
    expect((await apiClient(t.url, t.key).get('/v0/tasks')).status).toBe(200);
  });

  it('behind a proxy the entry it appended counts, not what the client wrote before it', async () => {
    for (let i = 0; i < 20; i++) expect((await from(`10.9.9.${i}, 198.51.100.4`, `qk_guess_${i}`)).status).toBe(401);
    expect((await from('10.9.9.99, 198.51.100.4', t.key)).status).toBe(429);
  });
});
