import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { createRateLimiter } from './rate-limit';

describe('per-key rate limiter', () => {
  it('allows a minute of requests, then answers 429 with Retry-After, then refills', () => {
    let t = 0;
    const limiter = createRateLimiter(60, () => t);
    for (let i = 0; i < 60; i++) limiter.check('k');
    let err: unknown;
    try {
      limiter.check('k');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).status).toBe(429);
    expect((err as EngineError).headers['retry-after']).toBe('1');
    limiter.check('other'); // buckets are per key
    t += 1000;
    expect(() => limiter.check('k')).not.toThrow();
  });

  it('0 means unlimited', () => {
    const limiter = createRateLimiter(0);
    for (let i = 0; i < 10_000; i++) limiter.check('k');
  });
});
