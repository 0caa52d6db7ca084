import { describe, expect, it } from 'vitest';
import { allowedHosts, isAllowedHost, normalizeHost } from './allowed-hosts';
import { isFromDashboard, isSameOrigin } from './same-origin';

describe('Host allow-list', () => {
  const local = allowedHosts({ port: 3000, host: '127.0.0.1' });

  it('answers to the loopback names with the server port', () => {
    for (const h of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000', 'LOCALHOST:3000']) {
      expect(isAllowedHost(h, local), h).toBe(true);
    }
  });

  it('refuses a rebound name, another port, junk and a missing Host', () => {
    for (const h of [
      'rebind.attacker.test:3000',
      'localhost:3001',
      '127.0.0.1',
      'a@127.0.0.1:3000',
      'x y',
      '',
      null,
    ]) {
      expect(isAllowedHost(h, local), String(h)).toBe(false);
    }
  });

  it('adds the host of QUARRY_PUBLIC_URL and a non-loopback listen address, never a wildcard', () => {
    const published = allowedHosts({
      port: 3000,
      host: '10.0.0.5',
      publicUrl: 'https://Quarry.Example.com/',
    });
    expect(isAllowedHost('quarry.example.com', published)).toBe(true);
    expect(isAllowedHost('quarry.example.com:3000', published)).toBe(false);
    expect(isAllowedHost('10.0.0.5:3000', published)).toBe(true);
    const wildcard = allowedHosts({ port: 3000, host: '0.0.0.0', publicUrl: '' });
    expect([...wildcard].sort()).toEqual(['127.0.0.1:3000', '[::1]:3000', 'localhost:3000']);
    expect(isAllowedHost('0.0.0.0:3000', wildcard)).toBe(false);
    expect(isAllowedHost('[fd00::1]:3000', allowedHosts({ port: 3000, host: 'fd00::1' }))).toBe(true);
  });

  it('spells hosts as URL.host does (default port dropped)', () => {
    expect(normalizeHost('Example.COM:80')).toBe('example.com');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]:3000');
    expect(normalizeHost('evil.test/path')).toBeNull();
  });
});

describe('same-origin check against the allow-list', () => {
  const allowed = allowedHosts({ port: 3000, host: '127.0.0.1' });
  const req = (method: string, headers: Record<string, string>) =>
    new Request('http://127.0.0.1:3000/api/x', { method, headers });

  it('refuses a write whose Origin agrees with a rebound Host (both the attacker name)', () => {
    const rebound = { host: 'rebind.attacker.test:3000', origin: 'http://rebind.attacker.test:3000' };
    expect(isSameOrigin(req('POST', rebound), allowed)).toBe(false);
    expect(isSameOrigin(req('POST', { ...rebound, 'sec-fetch-site': 'same-origin' }), allowed)).toBe(false);
  });

  it('accepts the dashboard own Origin, and ignores X-Forwarded-Host', () => {
    expect(
      isSameOrigin(req('POST', { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }), allowed),
    ).toBe(true);
    expect(
      isSameOrigin(
        req('POST', { host: '127.0.0.1:3000', origin: 'http://evil.test', 'x-forwarded-host': 'evil.test' }),
        allowed,
      ),
    ).toBe(false);
  });

  it('takes a typed URL for a side-effect GET, but not a marker-less one (an old browser image load)', () => {
    expect(isFromDashboard(req('GET', { 'sec-fetch-site': 'none' }), { typed: true, allowed })).toBe(true);
    expect(isFromDashboard(req('GET', { 'sec-fetch-site': 'same-origin' }), { typed: true, allowed })).toBe(
      true,
    );
    expect(isFromDashboard(req('GET', {}), { typed: true, allowed })).toBe(false);
    expect(isFromDashboard(req('GET', { 'sec-fetch-site': 'cross-site' }), { typed: true, allowed })).toBe(
      false,
    );
    expect(isFromDashboard(req('GET', { origin: 'http://localhost:3000' }), { typed: true, allowed })).toBe(
      true,
    );
    expect(isSameOrigin(req('POST', { 'sec-fetch-site': 'none' }), allowed)).toBe(false);
  });
});
