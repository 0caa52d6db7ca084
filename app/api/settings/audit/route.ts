import { listAudit } from '@/lib/engine/audit';
import { getEngine } from '@/lib/engine/runtime';
import { dashboardRoute } from '@/lib/dashboard/server/dashboard-route';
import { ok } from '@/lib/dashboard/server/envelope';

export const dynamic = 'force-dynamic';

// GET /api/settings/audit[?limit=&before=] — key creations and revocations and settings changes, newest first.
export const GET = dashboardRoute(async (req) => {
  const q = new URL(req.url).searchParams;
  const limit = Number(q.get('limit') ?? 50) || 50;
  const before = Number(q.get('before') ?? 0) || undefined;
  const engine = await getEngine();
  return ok(await listAudit(engine.db, { limit, before }));
});
