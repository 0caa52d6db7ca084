import { EngineError } from '../errors';
import { isStoreUnavailable } from '../db/unavailable';
import type { Pagination } from '@/lib/contract/envelope';

export type ApiVersion = 'v0' | 'v0.1' | 'none';

export interface SuccessOptions {
  status?: number;
  message?: string;
  pagination?: Pagination;
  file?: { file: string };
  headers?: Record<string, string>;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function successResponse(
  data: unknown,
  version: ApiVersion,
  requestId: string,
  opts: SuccessOptions = {},
): Response {
  const body: Record<string, unknown> = { status: 'success', data, message: opts.message ?? 'OK' };
  if (opts.pagination) body.pagination = opts.pagination;
  if (opts.file) body.file = opts.file;
  if (version === 'v0.1') body.request_id = requestId;
  return new Response(JSON.stringify(body), {
    status: opts.status ?? 200,
    headers: { ...JSON_HEADERS, 'x-request-id': requestId, ...opts.headers },
  });
}

/** Map any thrown value to the error envelope. Unknown errors: generic message out, detail in the log. */
export function errorResponse(err: unknown, version: ApiVersion, requestId: string): Response {
  let status = 500;
  let message = 'Internal server error';
  let details = `unexpected error; see the server log for request ${requestId}`;
  let headers: Record<string, string> = {};
  if (err instanceof EngineError) {
    status = err.status;
    message = err.message;
    details = err.details;
    headers = err.headers;
  } else if (isStoreUnavailable(err)) {
    // PostgreSQL restarting or unreachable: a retryable condition, not a bug.
    status = 503;
    message = 'Service unavailable';
    details = 'the store is briefly unreachable; retry shortly';
    headers = { 'retry-after': '2' };
    console.warn(`[quarry] request ${requestId}: store unavailable: ${(err as Error).message}`);
  } else {
    console.error(`[quarry] request ${requestId} failed:`, err);
  }
  const body: Record<string, unknown> = {
    status: 'error',
    data: {},
    message,
    error: { code: status, details },
  };
  if (version === 'v0.1') body.request_id = requestId;
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...JSON_HEADERS, 'x-request-id': requestId, ...headers },
  });
}
