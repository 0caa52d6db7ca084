import 'server-only';
import { dashboardAllowedHosts } from './allowed-hosts';

// Mutating dashboard requests must come from the dashboard's own pages: browsers always send Origin
// on cross-site POST/PUT/PATCH/DELETE, so an Origin that is not one of this server's own addresses
// (or a cross-site fetch marker) is refused. This is the CSRF defence for the session cookie and for
// the stored key the proxy adds. The Origin is compared with the allow-list, never with the request's
// own Host: under DNS rebinding both name the attacker's domain and would agree.

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the browser says the request was started by another site (img, script, form, fetch…). */
export function isCrossSite(req: Request): boolean {
  const site = req.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

/**
 * True when the request demonstrably comes from the dashboard itself: an Origin that is one of this
 * server's addresses, or Sec-Fetch-Site same-origin — never just the absence of any marker (old
 * browsers send neither on a cross-site image load). `typed` also accepts Sec-Fetch-Site none, a
 * URL the user typed or bookmarked, which no other site can cause.
 */
export function isFromDashboard(
  req: Request,
  {
    typed = false,
    allowed = dashboardAllowedHosts(),
  }: { typed?: boolean; allowed?: ReadonlySet<string> } = {},
): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.get('origin');
  if (origin) {
    try {
      return allowed.has(new URL(origin).host);
    } catch {
      return false;
    }
  }
  return site === 'same-origin' || (typed && site === 'none');
}

/** The check for mutating methods; reads pass here (dashboardRoute refuses cross-site loads of any kind). */
export function isSameOrigin(req: Request, allowed: ReadonlySet<string> = dashboardAllowedHosts()): boolean {
  return SAFE.has(req.method) || isFromDashboard(req, { allowed });
}
