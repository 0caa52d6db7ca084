import { fail } from './envelope';
import { hasSession } from './session';
import { isSameOrigin } from './same-origin';

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

/**
 * Every dashboard /api route goes through this: the session (when a password is set), the same-origin
 * check on mutating methods, and a generic error envelope for anything unexpected (detail in the log).
 */
export function dashboardRoute<P = Record<string, string>>(
  handler: Handler<P>,
  opts: { public?: boolean } = {},
): Handler<P> {
  return async (req, ctx) => {
    if (!isSameOrigin(req))
      return fail(403, 'Cross-site request refused', 'mutating requests must come from the dashboard itself');
    if (!opts.public && !(await hasSession())) {
      return fail(401, 'Sign in required', 'sign in to the dashboard first', {
        'x-quarry-session': 'required',
      });
    }
    try {
      return await handler(req, ctx);
    } catch (err) {
      console.error('[quarry] dashboard route failed:', err);
      return fail(500, 'Internal server error', 'unexpected error; see the server log');
    }
  };
}

export async function readJsonBody(req: Request, maxBytes = 64 * 1024): Promise<unknown> {
  const text = await req.text();
  if (text.length > maxBytes) throw new Error('body too large');
  try {
    return JSON.parse(text || '{}');
  } catch {
    return undefined;
  }
}
