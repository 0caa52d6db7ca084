import { dashboardRoute } from '@/lib/dashboard/server/dashboard-route';
import { forwardToUpstream } from '@/lib/dashboard/server/forward';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

// ANY /api/upstream/** — forward to the configured upstream with the stored key (streams both ways).
const forward = dashboardRoute<{ path: string[] }>(async (req, { params }) =>
  forwardToUpstream(req, (await params).path),
);

export const GET = forward;
export const POST = forward;
export const PUT = forward;
export const PATCH = forward;
export const DELETE = forward;
