import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { cookies } from 'next/headers';
import { currentConfig } from '@/lib/engine/config';
import {
  deleteDashboardSession,
  isLiveDashboardSession,
  pruneDashboardSessions,
  saveDashboardSession,
} from '@/lib/engine/dashboard-sessions';
import { getEngine } from '@/lib/engine/runtime';
import { deriveKey, loadSecretKey } from '@/lib/engine/secrets/secret-box';
import { hashSessionId, mintSessionToken, readSessionToken } from './session-token';

// Dashboard sign-in, only when QUARRY_DASHBOARD_PASSWORD is set. A session lives while both halves
// hold: the cookie's signature (key derived from the data-dir secret and the password, so changing
// the password ends every session at once) and its row in `dashboard_sessions` (deleted on sign-out,
// so a copied cookie dies with the session on every process sharing the database).

export const SESSION_COOKIE = 'quarry_session';
const SESSION_TTL_S = 12 * 60 * 60;

function dashboardConfig() {
  const config = currentConfig();
  return { password: config.dashboard.password, dataDir: config.dataDir };
}

export function isPasswordRequired(): boolean {
  return Boolean(dashboardConfig().password);
}

/** The key session cookies are signed with now: another password, another key. */
export function currentSigningKey(): Buffer {
  const { password, dataDir } = dashboardConfig();
  return deriveKey(loadSecretKey(dataDir), `session:${password ?? ''}`);
}

export function checkPassword(presented: string): boolean {
  const { password } = dashboardConfig();
  if (!password) return true;
  const a = createHmac('sha256', 'cmp').update(presented).digest();
  const b = createHmac('sha256', 'cmp').update(password).digest();
  return timingSafeEqual(a, b);
}

/** A new session after a correct password: its row is written before the cookie is handed out. */
export async function startSession(now = Date.now()): Promise<{ value: string; maxAge: number }> {
  const token = mintSessionToken(currentSigningKey(), SESSION_TTL_S, now);
  const { db } = await getEngine();
  await pruneDashboardSessions(db, new Date(now));
  await saveDashboardSession(db, hashSessionId(token.id), new Date(token.expiresAtMs));
  return { value: token.value, maxAge: SESSION_TTL_S };
}

export async function isLiveSession(token: string | undefined, now = Date.now()): Promise<boolean> {
  if (!isPasswordRequired()) return true;
  const id = readSessionToken(currentSigningKey(), token, now);
  if (!id) return false;
  const { db } = await getEngine();
  return isLiveDashboardSession(db, hashSessionId(id), new Date(now));
}

/** Sign-out: the row goes, so this cookie is refused from now on wherever it is presented. */
export async function endSession(token: string | undefined): Promise<void> {
  if (!isPasswordRequired()) return;
  const id = readSessionToken(currentSigningKey(), token, Date.now());
  if (!id) return;
  const { db } = await getEngine();
  await deleteDashboardSession(db, hashSessionId(id));
}

/** True when no password is configured or the request carries the cookie of a live session. */
export async function hasSession(): Promise<boolean> {
  if (!isPasswordRequired()) return true;
  const jar = await cookies();
  return isLiveSession(jar.get(SESSION_COOKIE)?.value);
}
