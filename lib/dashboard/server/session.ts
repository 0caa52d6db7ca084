import { createHmac, timingSafeEqual } from 'node:crypto';
import { cookies } from 'next/headers';
import { loadConfig } from '@/lib/engine/config';
import { deriveKey, loadSecretKey } from '@/lib/engine/secrets/secret-box';

// Dashboard sign-in, only when QUARRY_DASHBOARD_PASSWORD is set. The cookie is `<expiry>.<hmac>`,
// signed with a key derived from the data-dir secret and the password, so changing the password
// signs everybody out and nothing about the session lives in the database.

export const SESSION_COOKIE = 'quarry_session';
const SESSION_TTL_S = 12 * 60 * 60;

function dashboardConfig() {
  const config = loadConfig();
  return { password: config.dashboard.password, dataDir: config.dataDir };
}

export function isPasswordRequired(): boolean {
  return Boolean(dashboardConfig().password);
}

function signingKey(password: string, dataDir: string): Buffer {
  return deriveKey(loadSecretKey(dataDir), `session:${password}`);
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function checkPassword(presented: string): boolean {
  const { password } = dashboardConfig();
  if (!password) return true;
  const a = createHmac('sha256', 'cmp').update(presented).digest();
  const b = createHmac('sha256', 'cmp').update(password).digest();
  return timingSafeEqual(a, b);
}

export function issueSessionToken(now = Date.now()): { value: string; maxAge: number } {
  const { password, dataDir } = dashboardConfig();
  const exp = String(Math.floor(now / 1000) + SESSION_TTL_S);
  return { value: `${exp}.${sign(signingKey(password ?? '', dataDir), exp)}`, maxAge: SESSION_TTL_S };
}

export function isValidSessionToken(token: string | undefined, now = Date.now()): boolean {
  const { password, dataDir } = dashboardConfig();
  if (!password) return true;
  if (!token) return false;
  const [exp, sig] = token.split('.');
  if (!exp || !sig || Number(exp) * 1000 < now) return false;
  const expected = Buffer.from(sign(signingKey(password, dataDir), exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** True when no password is configured or the request carries a valid session cookie. */
export async function hasSession(): Promise<boolean> {
  if (!isPasswordRequired()) return true;
  const jar = await cookies();
  return isValidSessionToken(jar.get(SESSION_COOKIE)?.value);
}
