import type { PageRead } from '@/lib/contract/task-definition';
import { FetchError } from '../net/fetch-error';
import type { FetchedResponse, GuardedFetch } from '../net/guarded-fetch';

export type PageFetch =
  { ok: true; response: FetchedResponse; read: PageRead } | { ok: false; error: FetchError; read: PageRead };

export async function fetchOne(fetch: GuardedFetch, url: string, signal?: AbortSignal): Promise<PageFetch> {
  const started = performance.now();
  try {
    const response = await fetch(url, signal ? { signal } : {});
    return {
      ok: true,
      response,
      read: { url: response.url, status: response.status, via: 'static', ms: elapsed(started) },
    };
  } catch (err) {
    const error =
      err instanceof FetchError
        ? err
        : new FetchError(String(err), { kind: 'connect', url, transient: false, cause: err });
    return {
      ok: false,
      error,
      read: { url, status: error.status ?? 0, via: 'static', ms: elapsed(started) },
    };
  }
}

/** Fetches in input order with at most `concurrency` requests in flight, to be polite to one site. */
export async function fetchMany(
  fetch: GuardedFetch,
  urls: string[],
  concurrency: number,
  signal?: AbortSignal,
): Promise<PageFetch[]> {
  const results: PageFetch[] = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      if (signal?.aborted) return;
      const index = next++;
      const url = urls[index];
      if (url !== undefined) results[index] = await fetchOne(fetch, url, signal);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  return results.filter(Boolean);
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
