// Mutating dashboard requests must come from the dashboard's own pages: browsers always send Origin
// on cross-site POST/PUT/PATCH/DELETE, so a mismatch (or a cross-site fetch marker) is refused. This
// is the CSRF defence for the session cookie and for the stored key the proxy adds.

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSameOrigin(req: Request): boolean {
  if (SAFE.has(req.method)) return true;
  const site = req.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.get('origin');
  if (!origin) return site === 'same-origin';
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
