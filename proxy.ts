import { NextResponse, type NextRequest } from 'next/server';
import {
  dashboardAllowedHosts,
  isAllowedHost,
  misdirectedDetails,
} from '@/lib/dashboard/server/allowed-hosts';

// The Host allow-list for dashboard pages (DNS rebinding; see lib/dashboard/server/allowed-hosts.ts).
// /api/** applies the same list in dashboardRoute: a proxy matching a path makes Next buffer every
// request body there before the route runs (10 MB, the rest dropped), which uploads cannot afford.
//
// Not matched, so any Host reaches them: the engine's API (/v0, /v0.1, /files, /healthz, /readyz, /,
// /webhook-test, /api-test, /openapi.json). Rebinding gains an attacker nothing there: every route is
// keyed by x-api-key, which the victim's browser does not have, or is public health and documentation
// (a signed /files link carries its own signature). Next's static assets are public build output.
export const config = {
  matcher: [
    '/((?!(?:api|v0|v0\\.1|files)(?:/|$)|(?:healthz|readyz|webhook-test|api-test|openapi\\.json|favicon\\.ico)$|_next/static/|_next/image).+)',
  ],
};

export function proxy(request: NextRequest): Response {
  const host = request.headers.get('host');
  if (isAllowedHost(host, dashboardAllowedHosts())) return NextResponse.next();
  return new Response(`Misdirected request: ${misdirectedDetails(host)}\n`, {
    status: 421,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
