import { revokeKey } from '@/lib/engine/auth/keys';
import { getEngine } from '@/lib/engine/runtime';
import { dashboardRoute } from '@/lib/dashboard/server/dashboard-route';
import { fail, ok } from '@/lib/dashboard/server/envelope';
import { keyIdInUse } from '@/lib/dashboard/server/keys-in-use';
import { clientAddress } from '@/lib/dashboard/server/sign-in-throttle';
import { recordAudit } from '@/lib/engine/audit';

export const dynamic = 'force-dynamic';

// DELETE /api/settings/keys/{id} — revoke a key (not the one the dashboard itself uses).
export const DELETE = dashboardRoute<{ id: string }>(async (req, { params }) => {
  const { id } = await params;
  if (id === (await keyIdInUse())) {
    return fail(
      409,
      'This key is in use by the dashboard',
      'point the dashboard at another key in Settings before revoking this one',
    );
  }
  const engine = await getEngine();
  if (!(await revokeKey(engine.db, id))) return fail(404, 'Key not found', `no active key with id '${id}'`);
  await recordAudit(engine.db, {
    actor: 'dashboard',
    action: 'key.revoke',
    target: id,
    ip: clientAddress(req),
  });
  return ok({ id }, 'Key revoked');
});
