import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
    expect(loadConfig({}).dashboard.trustedProxies).toEqual([]);
    expect(loadConfig({ QUARRY_TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ,192.168.1.5' }).dashboard.trustedProxies).toEqual([
      '10.0.0.0/8',
      '::1',
      '192.168.1.5',
    ]);
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129'])
      expect(() => loadConfig({ QUARRY_TRUSTED_PROXIES: bad }), bad).toThrow(/QUARRY_TRUSTED_PROXIES/);
  });
});
