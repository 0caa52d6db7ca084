import { cookies } from 'next/headers';
import { dashboardRoute, readJsonBody } from '@/lib/dashboard/server/dashboard-route';
import { fail, ok } from '@/lib/dashboard/server/envelope';
import {
  checkPassword,
  endSession,
  hasSession,
  isPasswordRequired,
  SESSION_COOKIE,
  startSession,
} from '@/lib/dashboard/server/session';
import {
  clientAddress,
  recordFailure,
  recordSuccess,
  retryAfterMs,
} from '@/lib/dashboard/server/sign-in-throttle';

export const dynamic = 'force-dynamic';

// GET /api/session — whether a password is required and whether this browser is signed in.
export const GET = dashboardRoute(
  async () => ok({ required: isPasswordRequired(), signed_in: await hasSession() }),
  { public: true },
);

// POST /api/session — sign in with the dashboard password; failures are throttled per client.
export const POST = dashboardRoute(
  async (req) => {
    if (!isPasswordRequired()) return ok({ signed_in: true }, 'No password is configured');
    const client = clientAddress(req);
    const wait = retryAfterMs(client);
    if (wait > 0) {
      const s = Math.ceil(wait / 1000);
      return fail(429, 'Too many failed attempts', `wait ${s} s before trying again`, {
        'retry-after': String(s),
      });
    }
    const body = (await readJsonBody(req)) as { password?: unknown } | undefined;
    const password = typeof body?.password === 'string' ? body.password : '';
    if (!checkPassword(password)) {
      recordFailure(client);
      return fail(401, 'Wrong password', 'the dashboard password does not match');
    }
    recordSuccess(client);
    const token = await startSession();
    const secure = new URL(req.url).protocol === 'https:' || req.headers.get('x-forwarded-proto') === 'https';
    (await cookies()).set(SESSION_COOKIE, token.value, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/',
      maxAge: token.maxAge,
    });
    return ok({ signed_in: true }, 'Signed in');
  },
  { public: true },
);

// DELETE /api/session — sign out: the session ends server-side, so a copy of the cookie is refused too.
export const DELETE = dashboardRoute(
  async () => {
    const jar = await cookies();
    await endSession(jar.get(SESSION_COOKIE)?.value);
    jar.delete(SESSION_COOKIE);
    return ok({ signed_in: false }, 'Signed out');
  },
  { public: true },
);
