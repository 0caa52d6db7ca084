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
  if (stored) {
    const key = openSecret(loadSecretKey(engine.config.dataDir), stored.sealed_key);
    // A key sealed under a lost data-dir key is unusable; fall through rather than send garbage.
    if (key !== null) return { url: stored.url || builtInUrl(engine.config.port), key, source: 'settings' };
  }
  const env = engine.config.dashboard;
  if (env.upstreamUrl) return { url: env.upstreamUrl, key: env.upstreamKey ?? '', source: 'environment' };
  return { url: builtInUrl(engine.config.port), key: env.upstreamKey ?? engine.apiKey, source: 'built-in' };
}

/** Save the upstream; an omitted key keeps the current one. */
export async function saveUpstream(input: { url: string; key?: string }): Promise<void> {
  const engine = await getEngine();
  const current = await resolveUpstream();
  const key = input.key ?? current.key;
  await setSetting(engine.db, SETTING, {
    url: input.url,
    sealed_key: sealSecret(loadSecretKey(engine.config.dataDir), key),
  });
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
