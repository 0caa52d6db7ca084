import { EngineError } from '../errors';

/**
 * Per-key token buckets (per process): a key may burst up to a minute's allowance, refilled
 * continuously. Past it the request is answered 429 with Retry-After.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const rate = perMinute / 60_000;
  return {
    check(key: string): void {
      if (perMinute <= 0) return;
      const t = now();
      const b = buckets.get(key) ?? { tokens: perMinute, at: t };
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * rate);
      b.at = t;
      if (b.tokens < 1) {
        buckets.set(key, b);
        const wait = Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000));
        throw new EngineError(
          'rate_limited',
          'Rate limit exceeded',
          `this API key may make ${perMinute} requests a minute; retry in ${wait} s`,
          { 'retry-after': String(wait) },
        );
      }
      b.tokens -= 1;
      buckets.set(key, b);
      if (buckets.size > 10_000) buckets.clear();
    },
  };
}
