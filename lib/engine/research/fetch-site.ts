import type { PageRead } from '@/lib/contract/task-definition';
import { FetchError } from '../net/fetch-error';
import type { FetchedResponse, GuardedFetch } from '../net/guarded-fetch';
import { sleep, type HostCooldowns, type Pacer } from '../net/host-pacer';

export type PageFetch =
  { ok: true; response: FetchedResponse; read: PageRead } | { ok: false; error: FetchError; read: PageRead };

/** Retry-After waits longer than this are not spent inside a job: the page is skipped (or the job retried later). */
export const MAX_IN_JOB_WAIT_MS = 5_000;

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

export interface Politeness {
  pacer: Pacer;
  cooldowns: HostCooldowns;
}

/**
 * Fetches in input order with at most `concurrency` requests in flight, each start paced for the
 * host. A page answered 429/503 with a short Retry-After is fetched once more after that wait.
 */
export async function fetchMany(
  fetch: GuardedFetch,
  urls: string[],
  concurrency: number,
  signal?: AbortSignal,
  politeness?: Politeness,
): Promise<PageFetch[]> {
  const results: PageFetch[] = new Array(urls.length);
  let next = 0;
  const politeFetch = async (url: string): Promise<PageFetch | null> => {
    if (politeness && !(await politeness.pacer.wait(url, signal, MAX_IN_JOB_WAIT_MS))) return null;
    let result = await fetchOne(fetch, url, signal);
    const wait = result.ok ? undefined : result.error.retryAfterSeconds;
    if (!result.ok && wait !== undefined && politeness) {
      politeness.cooldowns.set(url, wait);
      if (wait * 1000 <= MAX_IN_JOB_WAIT_MS) {
        await sleep(wait * 1000, signal);
        result = await fetchOne(fetch, url, signal);
      }
    }
    return result;
  };
  const worker = async () => {
    while (next < urls.length) {
      if (signal?.aborted) return;
      const index = next++;
      const url = urls[index];
      if (url === undefined) continue;
      const result = await politeFetch(url);
      if (result) results[index] = result;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  return results.filter(Boolean);
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
