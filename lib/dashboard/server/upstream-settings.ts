import 'server-only';
import { getEngine } from '@/lib/engine/runtime';
import { deleteSetting, getSetting, setSetting } from '@/lib/engine/settings';
import { loadSecretKey, openSecret, sealSecret } from '@/lib/engine/secrets/secret-box';

// Which server the dashboard talks to, and with which key. Precedence: what an admin saved in
// Settings, then QUARRY_UPSTREAM_URL/KEY, then this server's built-in engine and its bootstrap key.

const SETTING = 'dashboard_upstream';

interface StoredUpstream {
  url: string;
  /** AES-GCM sealed (lib/engine/secrets/secret-box.ts); never stored in the clear. */
  sealed_key: string;
}

export interface Upstream {
  url: string;
  key: string;
  source: 'built-in' | 'environment' | 'settings';
}

export function builtInUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

export async function resolveUpstream(): Promise<Upstream> {
  const engine = await getEngine();
  const stored = await getSetting<StoredUpstream>(engine.db, SETTING);
  // A URL saved before such URLs were refused is ignored rather than used (see upstreamUrlProblem).
  if (stored && upstreamUrlProblem(stored.url || builtInUrl(engine.config.port)) === null) {
    const key = openSecret(loadSecretKey(engine.config.dataDir), stored.sealed_key);
    // A key sealed under a lost data-dir key is unusable; fall through rather than send garbage.
    if (key !== null) return { url: stored.url || builtInUrl(engine.config.port), key, source: 'settings' };
  }
  const env = engine.config.dashboard;
  if (env.upstreamUrl) return { url: env.upstreamUrl, key: env.upstreamKey ?? '', source: 'environment' };
  return { url: builtInUrl(engine.config.port), key: env.upstreamKey ?? engine.apiKey, source: 'built-in' };
}

/**
 * Why `url` cannot be an upstream, or null. The proxy appends the requested path to it, so a query
 * (`…?ignore=`) or fragment would swallow that path and reach pages outside the API; credentials in
 * it would travel to the upstream and show in the settings.
 */
export function upstreamUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'give an absolute http(s) URL such as https://api.example.com';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'use http or https';
  if (url.includes('?') || url.includes('#'))
    return 'the URL must not have a query string (?…) or fragment (#…): give the base URL only';
  if (parsed.username || parsed.password)
    return 'the URL must not hold credentials (user:password@): put the API key in the key field';
  return null;
}

/**
 * Save the upstream. An omitted key keeps the current one only while the URL stays the same: a key
 * must never follow a URL change it was not given with, or whoever can change the URL collects it.
 */
export async function saveUpstream(input: { url: string; key?: string }): Promise<{ keyCleared: boolean }> {
  const engine = await getEngine();
  const current = await resolveUpstream();
  const sameUrl = sameBase(input.url || builtInUrl(engine.config.port), current.url);
  const key = input.key ?? (sameUrl ? current.key : '');
  await setSetting(engine.db, SETTING, {
    url: input.url,
    sealed_key: sealSecret(loadSecretKey(engine.config.dataDir), key),
  });
  return { keyCleared: input.key === undefined && !sameUrl && current.key !== '' };
}

function sameBase(a: string, b: string): boolean {
  try {
    return new URL(a).href.replace(/\/+$/, '') === new URL(b).href.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

export async function resetUpstream(): Promise<void> {
  const engine = await getEngine();
  await deleteSetting(engine.db, SETTING);
}

/** What the browser may see: the last four characters at most. */
export function maskKey(key: string): string {
  if (!key) return '';
  return key.length <= 8 ? '••••' : `${key.slice(0, 3)}••••••••${key.slice(-4)}`;
}

export function isBuiltIn(url: string, port: number): boolean {
  try {
    const u = new URL(url);
    return ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname) && Number(u.port || 80) === port;
  } catch {
    return false;
  }
}
