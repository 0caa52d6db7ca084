import { Agent, request, type Dispatcher } from 'undici';
import { classifyError } from './classify-error';
import { FetchError, isTransientStatus, parseRetryAfter } from './fetch-error';
import { createGuardedLookup, type Resolver } from './guarded-lookup';
import { readCapped } from './read-capped';
import { checkUrl } from './url-guard';

export interface GuardedFetchOptions {
  allowPrivate: boolean;
  /** Budget for the whole fetch: every redirect hop, headers and body. */
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  maxRedirects?: number;
  /** DNS resolver for the connect-time check; tests inject one, production uses the system's. */
  resolve?: Resolver;
  /** Host names exempt from the private-address refusal (an internal service the operator trusts). */
  allowHosts?: string[];
}

export interface FetchInit {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  /** Default true: a 4xx/5xx answer throws FetchError kind 'http'. Webhooks set false to record the status. */
  throwHttpErrors?: boolean;
  /** Default 'truncate': keep the first maxBytes and mark `truncated`; 'error' throws kind 'too_large'. */
  onTooLarge?: 'truncate' | 'error';
  /** Default true. When false a 3xx is returned as is. */
  followRedirects?: boolean;
}

export interface FetchedResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  contentType: string | null;
  /** Every URL redirected to, in order. */
  redirects: string[];
}

export type GuardedFetch = (url: string, init?: FetchInit) => Promise<FetchedResponse>;
export interface GuardedFetcher extends GuardedFetch {
  /** Closes pooled connections. */
  close(): Promise<void>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/json;q=0.9,text/plain;q=0.8,*/*;q=0.5';

export function createGuardedFetch(opts: GuardedFetchOptions): GuardedFetcher {
  const agent = new Agent({
    connect: {
      lookup: createGuardedLookup({
        allowPrivate: opts.allowPrivate,
        resolve: opts.resolve,
        allowHosts: opts.allowHosts,
      }),
      timeout: opts.timeoutMs,
    },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
    keepAliveTimeout: 4_000,
  });
  const maxRedirects = opts.maxRedirects ?? 5;
  const allowHosts = new Set((opts.allowHosts ?? []).map((h) => h.toLowerCase()));
  const isAllowedHost = (raw: string): boolean => {
    if (allowHosts.size === 0) return false;
    try {
      return allowHosts.has(new URL(raw).hostname);
    } catch {
      return false;
    }
  };

  const guardedFetch = async (startUrl: string, init: FetchInit = {}): Promise<FetchedResponse> => {
    // One controller for both our deadline and the caller's signal. The caller's listener is
    // removed afterwards: a batch may share one signal across thousands of fetches.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs);
    const onCallerAbort = () => controller.abort();
    init.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const signal = controller.signal;
    let url = startUrl;
    try {
      if (init.signal?.aborted) {
        throw new FetchError('request was cancelled', { kind: 'aborted', url, transient: false });
      }
      return await followHops();
    } catch (err) {
      throw classifyError(err, {
        url,
        timedOut,
        aborted: init.signal?.aborted ?? false,
        timeoutMs: opts.timeoutMs,
      });
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onCallerAbort);
    }

    async function followHops(): Promise<FetchedResponse> {
      let method: string = init.method ?? 'GET';
      let body = init.body;
      const redirects: string[] = [];
      for (let hop = 0; ; hop++) {
        const check = checkUrl(url, { allowPrivate: opts.allowPrivate || isAllowedHost(url) });
        if (!check.ok) throw new FetchError(check.reason, { kind: 'blocked', url, transient: false });
        const res = await request(check.url, {
          dispatcher: agent,
          method: method as Dispatcher.HttpMethod,
          headers: requestHeaders(opts.userAgent, init.headers),
          body,
          signal,
        });
        const status = res.statusCode;
        const headers = flattenHeaders(res.headers);
        const location = headers.location;
        if (REDIRECT_STATUSES.has(status) && location && init.followRedirects !== false) {
          await discard(res.body);
          if (hop >= maxRedirects) {
            throw new FetchError(`more than ${maxRedirects} redirects`, {
              kind: 'http',
              url,
              status,
              transient: false,
            });
          }
          url = new URL(location, check.url).href;
          redirects.push(url);
          // Fetch-standard method rewriting: 303 always, 301/302 for POST, become a body-less GET.
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
        if (status >= 400 && init.throwHttpErrors !== false) {
          await discard(res.body);
          throw new FetchError(`${check.url.host} answered HTTP ${status}`, {
            kind: 'http',
            url,
            status,
            transient: isTransientStatus(status),
            retryAfterSeconds: parseRetryAfter(headers['retry-after']),
          });
        }
        const declared = Number(headers['content-length']);
        if (init.onTooLarge === 'error' && declared > opts.maxBytes) {
          await discard(res.body);
          throw tooLarge(url, opts.maxBytes);
        }
        const read = await readCapped(res.body, headers['content-encoding'], opts.maxBytes);
        if (read.truncated && init.onTooLarge === 'error') throw tooLarge(url, opts.maxBytes);
        return {
          url,
          status,
          headers,
          body: read.body,
          truncated: read.truncated,
          contentType: headers['content-type'] ?? null,
          redirects,
        };
      }
    }
  };

  return Object.assign(guardedFetch, { close: () => agent.close() });
}

function requestHeaders(
  userAgent: string,
  extra: Record<string, string> | undefined,
): Record<string, string> {
  return {
    'user-agent': userAgent,
    accept: DEFAULT_ACCEPT,
    'accept-language': 'en;q=0.9,*;q=0.5',
    'accept-encoding': 'gzip, br',
    ...extra,
  };
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function discard(body: Dispatcher.ResponseData['body']): Promise<void> {
  try {
    await body.dump({ limit: 64 * 1024 });
  } catch {
    // The body is unwanted; a failure to drain it only costs the pooled connection.
  }
}

function tooLarge(url: string, maxBytes: number): FetchError {
  return new FetchError(`the response is larger than ${maxBytes} bytes`, {
    kind: 'too_large',
    url,
    transient: false,
  });
}
