export type FetchErrorKind = 'blocked' | 'timeout' | 'dns' | 'connect' | 'too_large' | 'http' | 'aborted';

export interface FetchErrorInit {
  kind: FetchErrorKind;
  url: string;
  transient: boolean;
  status?: number;
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** The only error the guarded fetch throws; `transient` tells callers whether a retry may succeed. */
export class FetchError extends Error {
  readonly kind: FetchErrorKind;
  readonly url: string;
  readonly transient: boolean;
  readonly status?: number;
  readonly retryAfterSeconds?: number;

  constructor(message: string, init: FetchErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'FetchError';
    this.kind = init.kind;
    this.url = init.url;
    this.transient = init.transient;
    if (init.status !== undefined) this.status = init.status;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isFetchError(value: unknown): value is FetchError {
  return value instanceof FetchError;
}

/** 408, 425, 429 and 5xx (except 501 Not Implemented) are worth retrying. */
export function isTransientStatus(status: number): boolean {
  if (status === 408 || status === 425 || status === 429) return true;
  return status >= 500 && status !== 501 && status !== 505;
}

/** Retry-After is either delta-seconds or an HTTP date; both become whole seconds from `now`. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
