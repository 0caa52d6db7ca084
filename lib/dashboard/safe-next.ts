// Where to go after signing in. `next` comes from the address bar, so it is resolved the way a
// browser would resolve it (`/\evil.example` is `//evil.example` to a browser, hence off-site) and
// kept only when it stays on the dashboard's own origin. Used by the sign-in page on the server and
// by the sign-in form in the browser.

export const AFTER_SIGN_IN = '/tasks';

export function safeNext(next: unknown, origin: string): string {
  if (typeof next !== 'string' || !next) return AFTER_SIGN_IN;
  try {
    const own = new URL(origin).origin;
    const target = new URL(next, own);
    if (target.origin !== own) return AFTER_SIGN_IN;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return AFTER_SIGN_IN;
  }
}
