// Verified keys are cached so a request under load does not cost a store query. A revocation must end
// a key at once everywhere, so how long an entry may be trusted depends on whether this process hears
// of revocations made by others:
// - the embedded store: only this process opens it, and revokeKey() clears the cache here;
// - PostgreSQL: revokeKey() sends NOTIFY on KEY_CHANNEL and every process LISTENs
//   (revocation-listener.ts). While the listener is connected entries are trusted for LONG_TTL_MS;
//   while it is not (the server restarting), for SHORT_TTL_MS, as before there was a listener.

export const KEY_CHANNEL = 'quarry_key_revoked';

const SHORT_TTL_MS = 5_000;
const LONG_TTL_MS = 60_000;
const MAX_ENTRIES = 1_000;

const entries = new Map<string, { id: string; until: number }>();
/** Bumped by every revocation heard: a lookup that started before one must not be cached after it. */
let generation = 0;
/** Listeners in this process that are connected now (normally 0 or 1). */
let listening = 0;

export function cachedKey(hash: string): string | null {
  const hit = entries.get(hash);
  return hit && hit.until > Date.now() ? hit.id : null;
}

/** The generation to pass to rememberKey() after the lookup that starts now. */
export function lookupStarts(): number {
  return generation;
}

export function rememberKey(hash: string, id: string, startedAt: number): void {
  if (startedAt !== generation) return; // a revocation was heard during the lookup
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(hash, { id, until: Date.now() + (listening > 0 ? LONG_TTL_MS : SHORT_TTL_MS) });
}

/** A key was revoked here or elsewhere (or revocations may have been missed): trust nothing cached. */
export function forgetKeys(): void {
  generation++;
  entries.clear();
}

/** A listener connected (true) or lost its connection (false); either way what is cached is dropped. */
export function listenerState(connected: boolean): void {
  listening = Math.max(0, listening + (connected ? 1 : -1));
  forgetKeys();
}
