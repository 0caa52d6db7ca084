import 'server-only';
import { resolveUpstream } from './upstream-settings';
import { fail } from './envelope';
import { isFromDashboard } from './same-origin';

// The upstream proxy: the browser's request goes to the configured upstream with the stored x-api-key
// added. Bodies stream both ways (uploads in, NDJSON/SSE out) — nothing is buffered here.

/** Only the service's own paths are reachable, so the proxy cannot be pointed anywhere else upstream. */
const ALLOWED = /^(v0|v0\.1)(\/|$)|^(api-test|openapi\.json)$/;
const REQUEST_HEADERS = ['content-type', 'accept', 'last-event-id'];
const RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'cache-control',
  'x-request-id',
  'retry-after',
  'content-encoding',
];

/**
 * GETs the interface defines with a side effect: results with output_type=webhook send a batch's rows
 * to an address in the query. The proxy adds the stored key, so such a GET must not be something
 * another site can cause with an <img src> (browsers without Sec-Fetch-Site send no marker at all).
 */
export function hasSideEffect(method: string, search: URLSearchParams): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return search.getAll('output_type').some((v) => v.trim().toLowerCase() === 'webhook');
}

export async function forwardToUpstream(req: Request, segments: string[]): Promise<Response> {
  const subpath = segments.map(encodeURIComponent).join('/');
  if (!ALLOWED.test(subpath))
    return fail(404, 'Not found', `no upstream path '/${subpath}' is exposed to the dashboard`);
  if (hasSideEffect(req.method, new URL(req.url).searchParams) && !isFromDashboard(req, { typed: true })) {
    return fail(
      403,
      'Cross-site request refused',
      'requests with a side effect must come from the dashboard itself',
    );
  }
  const upstream = await resolveUpstream();
  const target = new URL(`${upstream.url.replace(/\/+$/, '')}/${subpath}${new URL(req.url).search}`);

  const headers = new Headers();
  for (const h of REQUEST_HEADERS) {
    const v = req.headers.get(h);
    if (v) headers.set(h, v);
  }
  if (upstream.key) headers.set('x-api-key', upstream.key);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== null;

  let res: Response;
  try {
    res = await fetch(target, {
      method: req.method,
      headers,
      body: hasBody ? req.body : undefined,
      // Stream the request body instead of reading it first (uploads can be hundreds of MB).
      ...(hasBody ? { duplex: 'half' } : {}),
      redirect: 'manual',
      signal: req.signal,
    } as RequestInit);
  } catch (err) {
    const reason = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    return fail(502, 'Upstream unreachable', `could not reach ${target.origin}: ${reason}`);
  }

  const out = new Headers();
  for (const h of RESPONSE_HEADERS) {
    const v = res.headers.get(h);
    if (v) out.set(h, v);
  }
  // fetch already decoded a compressed body; passing the encoding header on would make the browser decode twice.
  out.delete('content-encoding');
  if (!out.has('cache-control')) out.set('cache-control', 'no-store');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: out });
}
