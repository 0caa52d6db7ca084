import type { Envelope } from '@/lib/contract/envelope';
import { ApiError } from './api-error';

// One fetch for every dashboard call. Types come from lib/contract (type-only imports: zod stays out of
// the browser bundle); the engine suite validates the wire shapes against the schemas.

export interface FetchOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  signal?: AbortSignal;
}

export async function apiFetch<T>(
  path: string,
  opts: FetchOptions = {},
): Promise<{ data: T; message: string; envelope: Envelope<T> }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('The dashboard server is not reachable', 0, (err as Error).message);
  }
  const text = await res.text();
  let envelope: Envelope<T> | undefined;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (!res.ok || envelope?.status !== 'success') {
    const sessionRequired = res.headers.get('x-quarry-session') === 'required';
    if (
      sessionRequired &&
      typeof window !== 'undefined' &&
      !window.location.pathname.startsWith('/sign-in')
    ) {
      // Outside React (any hook may hit this), so a plain navigation rather than the router.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(
        `/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
      );
    }
    throw new ApiError(
      envelope?.message ?? `Request failed with status ${res.status}`,
      res.status,
      envelope?.error?.details ?? text.slice(0, 200),
      envelope?.request_id,
      sessionRequired,
    );
  }
  return { data: envelope.data, message: envelope.message, envelope };
}

/** Calls to the upstream service go through the dashboard's proxy, which adds the stored key. */
export const upstream = (path: string) => `/api/upstream${path}`;
