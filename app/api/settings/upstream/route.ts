import { getEngine } from '@/lib/engine/runtime';
import { dashboardRoute, readJsonBody } from '@/lib/dashboard/server/dashboard-route';
import { fail, ok } from '@/lib/dashboard/server/envelope';
import {
  builtInUrl,
  maskKey,
  resetUpstream,
  resolveUpstream,
  saveUpstream,
  upstreamUrlProblem,
} from '@/lib/dashboard/server/upstream-settings';
import { clientAddress } from '@/lib/dashboard/server/sign-in-throttle';
import { recordAudit } from '@/lib/engine/audit';

export const dynamic = 'force-dynamic';

async function describe() {
  const engine = await getEngine();
  const u = await resolveUpstream();
  return {
    url: u.url,
    source: u.source,
    key_masked: maskKey(u.key),
    has_key: Boolean(u.key),
    built_in_url: builtInUrl(engine.config.port),
  };
}

// GET /api/settings/upstream — the upstream URL and the key, masked.
export const GET = dashboardRoute(async () => ok(await describe()));

// PUT /api/settings/upstream — save URL and (optionally) a new key; stored encrypted server-side. A new
// URL without a key clears the stored key rather than sending it to the new address.
export const PUT = dashboardRoute(async (req) => {
  const body = (await readJsonBody(req)) as { url?: unknown; key?: unknown } | undefined;
  const url = typeof body?.url === 'string' ? body.url.trim() : '';
  const key = typeof body?.key === 'string' && body.key.trim() ? body.key.trim() : undefined;
  const problem = url ? upstreamUrlProblem(url) : null;
  if (problem) return fail(400, 'Invalid upstream URL', problem);
  if (key && key.length > 512) return fail(400, 'Invalid API key', 'the key is longer than 512 characters');
  const { keyCleared } = await saveUpstream({ url: url.replace(/\/+$/, ''), key });
  const saved = await describe();
  await recordAudit((await getEngine()).db, {
    actor: 'dashboard',
    action: 'upstream.update',
    detail: {
      url: saved.url,
      source: saved.source,
      key_changed: Boolean(key),
      key_cleared: keyCleared,
      key_masked: saved.key_masked,
    },
    ip: clientAddress(req),
  });
  return ok(
    saved,
    keyCleared
      ? 'Upstream saved; the stored key was cleared: give the key for the new URL'
      : 'Upstream saved',
  );
});

// DELETE /api/settings/upstream — back to the default (environment or built-in engine).
export const DELETE = dashboardRoute(async (req) => {
  await resetUpstream();
  await recordAudit((await getEngine()).db, {
    actor: 'dashboard',
    action: 'upstream.reset',
    ip: clientAddress(req),
  });
  return ok(await describe(), 'Upstream reset to the default');
});
