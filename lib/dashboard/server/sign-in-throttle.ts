// Failed sign-ins per client address: after FREE_ATTEMPTS failures each further attempt must wait
// twice as long as the last (1 s, 2 s, 4 s … capped at 15 min). In memory: a restart forgives, which
// is acceptable for a single-node dashboard and keeps the database out of the sign-in path.
// The client address comes from X-Forwarded-For when a proxy sets it, which a client can also forge to
// look like many clients: a global bucket over all clients (more lenient) caps guessing regardless.

const FREE_ATTEMPTS = 5;
const MAX_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;
const GLOBAL = '*all*';
const GLOBAL_FREE_ATTEMPTS = 50;

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

const entries = new Map<string, Entry>();

/** Milliseconds the client must still wait, or 0. */
export function retryAfterMs(client: string, now = Date.now()): number {
  return Math.max(waitOf(client, now), waitOf(GLOBAL, now));
}

function waitOf(client: string, now: number): number {
  const e = entries.get(client);
  if (!e) return 0;
  if (now - e.lastFailure > FORGET_AFTER_MS) {
    entries.delete(client);
    return 0;
  }
  return Math.max(0, e.lockedUntil - now);
}

export function recordFailure(client: string, now = Date.now()): void {
  if (entries.size > 10_000) {
    const all = entries.get(GLOBAL);
    entries.clear();
    if (all) entries.set(GLOBAL, all);
  }
  bump(client, FREE_ATTEMPTS, now);
  bump(GLOBAL, GLOBAL_FREE_ATTEMPTS, now);
}

function bump(client: string, free: number, now: number): void {
  const e = entries.get(client) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
  if (now - e.lastFailure > FORGET_AFTER_MS) e.failures = 0;
  e.failures += 1;
  e.lastFailure = now;
  if (e.failures > free) e.lockedUntil = now + Math.min(MAX_WAIT_MS, 1000 * 2 ** (e.failures - free - 1));
  entries.set(client, e);
}

export function recordSuccess(client: string): void {
  entries.delete(client);
}

export function clientAddress(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || req.headers.get('x-real-ip') || 'local';
}
