import { revokeKey } from '@/lib/engine/auth/keys';
import { getEngine } from '@/lib/engine/runtime';
import { dashboardRoute } from '@/lib/dashboard/server/dashboard-route';
import { fail, ok } from '@/lib/dashboard/server/envelope';
import { keyIdInUse } from '@/lib/dashboard/server/keys-in-use';

export const dynamic = 'force-dynamic';

// DELETE /api/settings/keys/{id} — revoke a key (not the one the dashboard itself uses).
export const DELETE = dashboardRoute<{ id: string }>(async (_req, { params }) => {
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
  return ok({ id }, 'Key revoked');
});
