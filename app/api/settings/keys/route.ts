import { createKey, listKeys } from '@/lib/engine/auth/keys';
import { getEngine } from '@/lib/engine/runtime';
import { dashboardRoute, readJsonBody } from '@/lib/dashboard/server/dashboard-route';
import { fail, ok } from '@/lib/dashboard/server/envelope';
import { keyIdInUse } from '@/lib/dashboard/server/keys-in-use';
import { clientAddress } from '@/lib/dashboard/server/sign-in-throttle';
import { recordAudit } from '@/lib/engine/audit';

export const dynamic = 'force-dynamic';

// GET /api/settings/keys — the built-in engine's keys (metadata only; keys are stored hashed).
export const GET = dashboardRoute(async () => {
  const engine = await getEngine();
  const inUse = await keyIdInUse();
  const keys = await listKeys(engine.db);
  return ok(keys.map((k) => ({ ...k, used_by_dashboard: k.id === inUse })));
});

// POST /api/settings/keys — create a key; the only response that ever carries it (shown once).
export const POST = dashboardRoute(async (req) => {
  const body = (await readJsonBody(req)) as { name?: unknown } | undefined;
  const name = typeof body?.name === 'string' ? body.name.trim() : '';
  if (!name || name.length > 100)
    return fail(400, 'Invalid key name', 'give the key a name of 1 to 100 characters');
  const engine = await getEngine();
  const created = await createKey(engine.db, name);
  await recordAudit(engine.db, {
    actor: 'dashboard',
    action: 'key.create',
    target: created.info.id,
    detail: { name },
    ip: clientAddress(req),
  });
  return ok(
    { ...created.info, key: created.key, used_by_dashboard: false },
    'Key created: copy it now, it is not shown again',
    201,
  );
});
