import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPassword, currentSigningKey, isLiveSession } from './session';
import { hashSessionId, mintSessionToken, readSessionToken } from './session-token';
import { recordFailure, recordSuccess, retryAfterMs } from './sign-in-throttle';
import { isSameOrigin } from './same-origin';

describe('dashboard session tokens', () => {
  const key = Buffer.alloc(32, 7);

  it('reads back its own token until it expires, and nothing else', () => {
    const now = Date.now();
    const token = mintSessionToken(key, 3600, now);
    expect(readSessionToken(key, token.value, now)).toBe(token.id);
    expect(readSessionToken(key, token.value, now + 3600_000 + 1000)).toBeNull();
    const tampered = token.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(readSessionToken(key, tampered, now)).toBeNull();
    expect(readSessionToken(Buffer.alloc(32, 8), token.value, now)).toBeNull();
    expect(readSessionToken(key, undefined, now)).toBeNull();
  });

  it('gives every session its own id, and the database only its hash', () => {
    const a = mintSessionToken(key, 3600, 0);
    const b = mintSessionToken(key, 3600, 0);
    expect(a.id).not.toBe(b.id);
    expect(hashSessionId(a.id)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionId(a.id)).not.toContain(a.id);
  });

  it('refuses the stateless `<expiry>.<hmac>` cookies of earlier versions', () => {
    const old = `${Math.floor(Date.now() / 1000) + 3600}.c2lnbmF0dXJl`;
    expect(readSessionToken(key, old, Date.now())).toBeNull();
  });
});

describe('dashboard password', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.QUARRY_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-session-'));
    process.env.QUARRY_DASHBOARD_PASSWORD = 'hunter2-but-longer';
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('changing the password ends every session: its cookies no longer verify', async () => {
    const token = mintSessionToken(currentSigningKey(), 3600, Date.now());
    expect(readSessionToken(currentSigningKey(), token.value, Date.now())).toBe(token.id);
    process.env.QUARRY_DASHBOARD_PASSWORD = 'a different password';
    expect(readSessionToken(currentSigningKey(), token.value, Date.now())).toBeNull();
    // Refused on the signature, before any database lookup.
    expect(await isLiveSession(token.value)).toBe(false);
  });

  it('compares passwords', () => {
    expect(checkPassword('hunter2-but-longer')).toBe(true);
    expect(checkPassword('hunter2')).toBe(false);
  });
});

describe('sign-in throttle', () => {
  it('lets five failures through, then makes each next attempt wait longer', () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 5; i++) recordFailure('c1', t0);
    expect(retryAfterMs('c1', t0)).toBe(0);
    recordFailure('c1', t0);
    expect(retryAfterMs('c1', t0)).toBe(1000);
    recordFailure('c1', t0);
    expect(retryAfterMs('c1', t0)).toBe(2000);
    recordSuccess('c1');
    expect(retryAfterMs('c1', t0)).toBe(0);
  });

  it("one client's failures, however many, lock out that client only", () => {
    const t0 = 5_000_000_000;
    // 61 failures, each after the previous wait ran out: issue 27 locked everybody out this way.
    let t = t0;
    for (let i = 0; i < 61; i++) {
      t += retryAfterMs('203.0.113.9', t);
      recordFailure('203.0.113.9', t);
    }
    expect(retryAfterMs('203.0.113.9', t)).toBeGreaterThan(0);
    expect(retryAfterMs('198.51.100.4', t)).toBe(0);
    for (let i = 0; i < 60; i++) recordFailure(`192.0.2.${i}`, t);
    expect(retryAfterMs('198.51.100.4', t)).toBe(0);
    // Forgotten an hour after the last failure.
    expect(retryAfterMs('203.0.113.9', t + 61 * 60_000)).toBe(0);
  });
});

describe('same-origin check', () => {
  const req = (method: string, headers: Record<string, string>) =>
    new Request('http://127.0.0.1:3000/api/x', { method, headers });
  it('allows reads and same-origin writes, refuses cross-site writes', () => {
    expect(isSameOrigin(req('GET', {}))).toBe(true);
    expect(
      isSameOrigin(
        req('POST', {
          host: '127.0.0.1:3000',
          origin: 'http://127.0.0.1:3000',
          'sec-fetch-site': 'same-origin',
        }),
      ),
    ).toBe(true);
    expect(isSameOrigin(req('POST', { host: '127.0.0.1:3000', origin: 'https://evil.example' }))).toBe(false);
    expect(isSameOrigin(req('DELETE', { host: '127.0.0.1:3000', 'sec-fetch-site': 'cross-site' }))).toBe(
      false,
    );
    expect(isSameOrigin(req('POST', { host: '127.0.0.1:3000' }))).toBe(false);
  });
});
