// Failed sign-ins per client address: after FREE_ATTEMPTS failures each further attempt must wait
// twice as long as the last (1 s, 2 s, 4 s … capped at 15 min). In memory: a restart forgives, which
// is acceptable for a single-node dashboard and keeps the database out of the sign-in path.
// There is no bucket shared by all clients: one client's failures must not lock anybody else out.
// That needs an address a client cannot choose: clientAddress believes X-Forwarded-For only from
// QUARRY_TRUSTED_PROXIES, and the 12-character minimum password keeps one address's guesses hopeless.

import 'server-only';
import { clientAddress as addressOf } from '@/lib/engine/http/client-address';
import { currentConfig } from '@/lib/engine/config';

/** The client of a dashboard request, with the configured trusted proxies. */
export const clientAddress = (req: Request): string => addressOf(req, currentConfig().trustedProxies);

const FREE_ATTEMPTS = 5;
const MAX_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;
const MAX_CLIENTS = 10_000;

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

const entries = new Map<string, Entry>();

/** Milliseconds the client must still wait, or 0. */
export function retryAfterMs(client: string, now = Date.now()): number {
  const e = entries.get(client);
  if (!e) return 0;
  if (now - e.lastFailure > FORGET_AFTER_MS) {
    entries.delete(client);
    return 0;
  }
  return Math.max(0, e.lockedUntil - now);
}

export function recordFailure(client: string, now = Date.now()): void {
  if (!entries.has(client) && entries.size >= MAX_CLIENTS) forgetOldest(now);
  const e = entries.get(client) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
  if (now - e.lastFailure > FORGET_AFTER_MS) e.failures = 0;
  e.failures += 1;
  e.lastFailure = now;
  if (e.failures > FREE_ATTEMPTS)
    e.lockedUntil = now + Math.min(MAX_WAIT_MS, 1000 * 2 ** (e.failures - FREE_ATTEMPTS - 1));
  entries.delete(client);
  entries.set(client, e);
}

// Bounded memory: drop forgotten entries first, else the least recently failed (Map keeps insertion
// order, and a failure moves its entry to the end), never the whole table, which would free locked clients.
function forgetOldest(now: number): void {
  for (const [client, e] of entries) if (now - e.lastFailure > FORGET_AFTER_MS) entries.delete(client);
  if (entries.size < MAX_CLIENTS) return;
  const oldest = entries.keys().next();
  if (!oldest.done) entries.delete(oldest.value);
}

export function recordSuccess(client: string): void {
  entries.delete(client);
}
