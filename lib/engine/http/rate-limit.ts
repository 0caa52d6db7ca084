import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { EngineError } from '../errors';

/** Counts a key's requests; `check` throws a 429 EngineError (with Retry-After) past its allowance. */
export interface RateLimiter {
  check(key: string): void | Promise<void>;
}

const MAX_KEYS = 10_000;

function limited(perMinute: number, waitSeconds: number): EngineError {
  const wait = Math.max(1, Math.ceil(waitSeconds));
  return new EngineError(
    'rate_limited',
    'Rate limit exceeded',
    `this API key may make ${perMinute} requests a minute; retry in ${wait} s`,
    { 'retry-after': String(wait) },
  );
}

/**
 * Per-key token buckets in this process: a key may burst up to a minute's allowance, refilled
 * continuously. Past it the request is answered 429 with Retry-After. Exact for the embedded store,
 * which only one process can open.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
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
        throw limited(perMinute, (1 - b.tokens) / rate / 1000);
      }
      b.tokens -= 1;
      buckets.set(key, b);
      if (buckets.size > MAX_KEYS) buckets.clear();
    },
  };
}

// A grant not spent within this time is dropped: tokens held back by an idle process must not add to
// a later burst. Half a second of the default allowance (6,000 a minute) is 50 requests.
const GRANT_TTL_MS = 1000;

/**
 * The same allowance shared by every API process on one PostgreSQL (api_rate_buckets). A statement
 * per request would add a round trip to each, so a process takes tokens from the shared bucket in
 * grants of up to 1% of the allowance (at least 1, at most 50) and spends them locally; concurrent
 * requests of one key wait for one grant rather than each asking. Together the processes never spend
 * more than the shared bucket hands out; a grant left unspent for a second is dropped.
 */
export function createSharedRateLimiter(
  db: Db,
  perMinute: number,
  now: () => number = Date.now,
): RateLimiter {
  const grantSize = Math.max(1, Math.min(50, Math.floor(perMinute / 100)));
  const perSecond = perMinute / 60;
  const local = new Map<string, { tokens: number; until: number }>();
  // While the store cannot be reached each process counts alone: the request itself then meets the
  // store's own error (503), and a limiter that failed closed would turn a restart into 429s after it.
  const alone = createRateLimiter(perMinute, now);
  const asking = new Map<string, Promise<{ granted: number; tokens: number }>>();

  // Tokens now: the stored ones plus the refill since `at`, capped at a minute's allowance.
  const available = sql`least(${perMinute}::float8,
    b.tokens + greatest(0, extract(epoch FROM now() - b.at)) * ${perSecond}::float8)`;
  const grant = sql`least(${grantSize}::float8, floor(${available}))`;
  const take = async (key: string) => {
    const [row] = await queryRows<{ granted: number; tokens: number }>(
      db,
      sql`INSERT INTO api_rate_buckets AS b (key_id, tokens, at, granted)
          VALUES (${key}, ${perMinute - grantSize}::float8, now(), ${grantSize})
          ON CONFLICT (key_id) DO UPDATE SET
            granted = (${grant})::int, tokens = ${available} - ${grant}, at = now()
          RETURNING granted, tokens`,
    );
    return { granted: Number(row!.granted), tokens: Number(row!.tokens) };
  };

  return {
    async check(key: string): Promise<void> {
      if (perMinute <= 0) return;
      for (;;) {
        const mine = local.get(key);
        if (mine && mine.tokens >= 1 && mine.until > now()) {
          mine.tokens -= 1;
          return;
        }
        let pending = asking.get(key);
        if (!pending) {
          pending = take(key)
            .then((g) => {
              if (local.size > MAX_KEYS) local.clear();
              if (g.granted > 0) local.set(key, { tokens: g.granted, until: now() + GRANT_TTL_MS });
              return g;
            })
            .finally(() => asking.delete(key));
          asking.set(key, pending);
        }
        let g: { granted: number; tokens: number };
        try {
          g = await pending;
        } catch {
          return alone.check(key);
        }
        // Nothing granted: the shared bucket is empty. Otherwise go round and spend from the grant
        // (another waiter may have spent it first, then this one asks again).
        if (g.granted <= 0) throw limited(perMinute, (1 - g.tokens) / perSecond);
      }
    },
  };
}
