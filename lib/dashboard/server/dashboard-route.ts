import 'server-only';
import { EngineError, badRequest } from '@/lib/engine/errors';
import { readBodyCapped } from '@/lib/engine/http/read-body';
import { dashboardAllowedHosts, isAllowedHost, misdirectedDetails } from './allowed-hosts';
import { fail } from './envelope';
import { hasSession } from './session';
import { isCrossSite, isSameOrigin } from './same-origin';

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

/**
 * Every dashboard /api route goes through this: the Host allow-list (DNS rebinding), the refusal of
 * anything another site started, the same-origin check on mutating methods, the session (when a
 * password is set), and an envelope for anything thrown (detail of unexpected errors in the log).
 * The Host check lives here rather than in proxy.ts because a proxy that matches a path makes Next
 * buffer every request body on it before the route runs (up to 10 MB, truncating the rest), which
 * would break streamed uploads through /api/upstream and the capped body reader below.
 */
export function dashboardRoute<P = Record<string, string>>(
  handler: Handler<P>,
  opts: { public?: boolean } = {},
): Handler<P> {
  return async (req, ctx) => {
    const allowed = dashboardAllowedHosts();
    const host = req.headers.get('host');
    if (!isAllowedHost(host, allowed)) return fail(421, 'Misdirected request', misdirectedDetails(host));
    // Browsers mark every request another site causes (img, script, form, fetch), GETs included:
    // nothing under /api is meant to be loaded from elsewhere.
    if (isCrossSite(req))
      return fail(403, 'Cross-site request refused', 'the dashboard API answers only the dashboard itself');
    if (!isSameOrigin(req, allowed))
      return fail(403, 'Cross-site request refused', 'mutating requests must come from the dashboard itself');
    if (!opts.public && !(await hasSession())) {
      return fail(401, 'Sign in required', 'sign in to the dashboard first', {
        'x-quarry-session': 'required',
      });
    }
    try {
      return await handler(req, ctx);
    } catch (err) {
      if (err instanceof EngineError) return fail(err.status, err.message, err.details, err.headers);
      console.error('[quarry] dashboard route failed:', err);
      return fail(500, 'Internal server error', 'unexpected error; see the server log');
    }
  };
}

export const MAX_DASHBOARD_JSON_BYTES = 64 * 1024;

/**
 * The one body reader of dashboard routes: a declared Content-Length over the cap is refused before a
 * byte is read, a streamed body is read only up to the cap (413, the rest left unread), and anything
 * but JSON is a 400. An empty body reads as {}. Errors are thrown as EngineError; dashboardRoute
 * turns them into the envelope.
 */
export async function readJsonBody(req: Request, maxBytes = MAX_DASHBOARD_JSON_BYTES): Promise<unknown> {
  const raw = Buffer.from(await readBodyCapped(req, maxBytes)).toString('utf8');
  if (!raw.trim()) return {};
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw badRequest('Malformed JSON', `the body is not valid JSON: ${(err as Error).message}`);
  }
}
