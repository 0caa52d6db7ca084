import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { generateWebhookSecret } from './webhooks/sign';

describe('dashboard configuration', () => {
  it('refuses a dashboard password shorter than 12 characters, naming the variable', () => {
    expect(() => loadConfig({ QUARRY_DASHBOARD_PASSWORD: 'a' })).toThrow(
      /QUARRY_DASHBOARD_PASSWORD must be at least 12 characters/,
    );
    expect(() => loadConfig({ QUARRY_DASHBOARD_PASSWORD: 'elevenchars' })).toThrow(/at least 12/);
    expect(loadConfig({ QUARRY_DASHBOARD_PASSWORD: 'twelve chars' }).dashboard.password).toBe('twelve chars');
    expect(loadConfig({ QUARRY_DASHBOARD_PASSWORD: '' }).dashboard.password).toBeUndefined();
  });

  it('reads QUARRY_TRUSTED_PROXIES as addresses and CIDR ranges, refusing anything else', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ QUARRY_TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ,192.168.1.5' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '::1',
      '192.168.1.5',
    ]);
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129'])
      expect(() => loadConfig({ QUARRY_TRUSTED_PROXIES: bad }), bad).toThrow(/QUARRY_TRUSTED_PROXIES/);
  });
});

// Security review (issue 27): a malformed QUARRY_WEBHOOK_SECRET was accepted at start, and then every
// webhook delivery failed to sign. It is now refused with a message naming the expected form.
describe('QUARRY_WEBHOOK_SECRET', () => {
  const load = (secret: string | undefined) => loadConfig({ QUARRY_WEBHOOK_SECRET: secret });

  it.each([
    ['a plain password', 'hunter2'],
    ['the prefix on a short key', 'whsec_aHVudGVyMg=='],
    ['base64 of 32 bytes without the prefix', Buffer.alloc(32, 7).toString('base64')],
    ['base64url characters', `whsec_${Buffer.alloc(32, 251).toString('base64url')}`],
  ])('refuses %s, naming the variable and the expected form', (_, secret) => {
    expect(() => load(secret)).toThrow(/QUARRY_WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_/);
  });

  it('takes a generated secret, and treats empty as unset (one is then generated and stored)', () => {
    const secret = generateWebhookSecret();
    expect(load(secret).webhookSecret).toBe(secret);
    expect(load('').webhookSecret).toBeUndefined();
    expect(load(undefined).webhookSecret).toBeUndefined();
  });
});
