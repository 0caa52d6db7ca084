import { EngineError } from '../errors';

// Failed API-key attempts per client address, in fixed windows of a minute: after `perMinute`
// failures the address is answered 429 with Retry-After until its window ends, before the key it
// sends is checked, the right key too: were right keys let through, guessing would go on at full
// speed, told apart by the answer. Other addresses are not affected. Counted per process (several API
// processes each allow the count); a restart forgives.

const WINDOW_MS = 60_000;
const MAX_CLIENTS = 10_000;

export interface FailedKeyThrottle {
  /** Throws 429 while `client` must wait. */
  check(client: string): void;
  recordFailure(client: string): void;
}

export function createFailedKeyThrottle(perMinute: number, now: () => number = Date.now): FailedKeyThrottle {
  const windows = new Map<string, { start: number; failures: number }>();
  const current = (client: string) => {
    const w = windows.get(client);
    if (w && now() - w.start >= WINDOW_MS) windows.delete(client);
    return windows.get(client);
  };
  return {
    check(client) {
      const w = perMinute > 0 ? current(client) : undefined;
      if (!w || w.failures < perMinute) return;
      const wait = Math.max(1, Math.ceil((w.start + WINDOW_MS - now()) / 1000));
      throw new EngineError(
        'rate_limited',
        'Too many failed API key attempts',
        `${w.failures} requests with a wrong API key came from this address within a minute; retry in ${wait} s`,
        { 'retry-after': String(wait) },
      );
    },
    recordFailure(client) {
      if (perMinute <= 0) return;
      const w = current(client);
      if (w) w.failures += 1;
      else windows.set(client, { start: now(), failures: 1 });
      if (windows.size > MAX_CLIENTS) {
        for (const [c, x] of windows) if (now() - x.start >= WINDOW_MS) windows.delete(c);
        if (windows.size > MAX_CLIENTS) windows.clear();
      }
    },
  };
}
