import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isValidSessionToken, issueSessionToken, checkPassword } from './session';
import { recordFailure, recordSuccess, retryAfterMs } from './sign-in-throttle';
import { isSameOrigin } from './same-origin';

describe('dashboard session tokens', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.QUARRY_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-session-'));
    process.env.QUARRY_DASHBOARD_PASSWORD = 'hunter2-but-longer';
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('accepts its own token until it expires, and nothing else', () => {
    const now = Date.now();
    const { value, maxAge } = issueSessionToken(now);
    expect(isValidSessionToken(value, now)).toBe(true);
    expect(isValidSessionToken(value, now + maxAge * 1000 + 1000)).toBe(false);
    expect(
      isValidSessionToken(
        value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        now,
      ),
    ).toBe(false);
    expect(isValidSessionToken(undefined, now)).toBe(false);
  });

  it('changing the password signs everybody out', () => {
    const { value } = issueSessionToken();
    process.env.QUARRY_DASHBOARD_PASSWORD = 'a different password';
    expect(isValidSessionToken(value)).toBe(false);
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

  it('a client forging a new address per attempt still hits the global limit', () => {
    const t0 = 5_000_000_000;
    for (let i = 0; i < 60; i++) recordFailure(`forged-${i}`, t0);
    expect(retryAfterMs('forged-new', t0)).toBeGreaterThan(0);
    // Forgotten an hour after the last failure.
    expect(retryAfterMs('forged-new', t0 + 61 * 60_000)).toBe(0);
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
