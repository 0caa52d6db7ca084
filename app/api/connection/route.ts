import { checkConnection } from '@/lib/dashboard/server/connection';
import { dashboardRoute } from '@/lib/dashboard/server/dashboard-route';
import { ok } from '@/lib/dashboard/server/envelope';

export const dynamic = 'force-dynamic';

// GET /api/connection — which upstream is configured and whether it accepts the stored key.
export const GET = dashboardRoute(async () => ok(await checkConnection()));
