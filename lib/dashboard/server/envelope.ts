// The dashboard's own /api routes answer with the engine's envelope shape, so the browser parses every
// response — proxied or local — the same way.
import 'server-only';

const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function ok(data: unknown, message = 'OK', status = 200): Response {
  return new Response(JSON.stringify({ status: 'success', data, message }), { status, headers: HEADERS });
}

export function fail(
  status: number,
  message: string,
  details = message,
  headers: Record<string, string> = {},
): Response {
  return new Response(
    JSON.stringify({ status: 'error', data: {}, message, error: { code: status, details } }),
    {
      status,
      headers: { ...HEADERS, ...headers },
    },
  );
}
