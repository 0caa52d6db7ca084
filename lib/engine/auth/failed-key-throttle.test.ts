import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { createFailedKeyThrottle } from './failed-key-throttle';

describe('failed API key throttle', () => {
  it('refuses an address after N failures until its minute ends, with Retry-After; others are free', () => {
    let t = 1_000_000;
    const throttle = createFailedKeyThrottle(3, () => t);
    for (let i = 0; i < 3; i++) {
      throttle.check('a');
      throttle.recordFailure('a');
      t += 1000;
    }
    let err: unknown;
    try {
      throttle.check('a');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).status).toBe(429);
    expect((err as EngineError).headers['retry-after']).toBe('57');
    expect(() => throttle.check('b')).not.toThrow();
    t += 56_999;
    expect(() => throttle.check('a')).toThrow(EngineError);
    t += 1;
    expect(() => throttle.check('a')).not.toThrow();
  });

  it('0 means no limit', () => {
    const throttle = createFailedKeyThrottle(0);
    for (let i = 0; i < 1000; i++) throttle.recordFailure('a');
    expect(() => throttle.check('a')).not.toThrow();
  });
});
