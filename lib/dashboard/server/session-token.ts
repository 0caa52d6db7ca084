import 'server-only';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The cookie half of a dashboard session: `<id>.<expiry>.<hmac>`. The signature lets a forged or
// stale cookie be refused without touching the database; the random id names the server-side row
// (lib/engine/dashboard-sessions.ts) that signing out deletes.

export interface SessionToken {
  id: string;
  expiresAtMs: number;
  value: string;
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function mintSessionToken(key: Buffer, ttlS: number, now: number): SessionToken {
  const id = randomBytes(24).toString('base64url');
  const exp = Math.floor(now / 1000) + ttlS;
  const payload = `${id}.${exp}`;
  return { id, expiresAtMs: exp * 1000, value: `${payload}.${sign(key, payload)}` };
}

/** The session id when the token is well-formed, signed with `key` and not expired; otherwise null. */
export function readSessionToken(key: Buffer, value: string | undefined, now: number): string | null {
  const [id, exp, sig, extra] = (value ?? '').split('.');
  if (!id || !exp || !sig || extra !== undefined || !/^\d+$/.test(exp) || Number(exp) * 1000 <= now)
    return null;
  const expected = Buffer.from(sign(key, `${id}.${exp}`));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** What the database keeps instead of the id. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
