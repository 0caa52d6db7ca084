import { FetchError } from './fetch-error';

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
const RESET_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const TRANSIENT_DNS_CODES = new Set(['EAI_AGAIN', 'ESERVFAIL', 'ETIMEOUT']);
const PERMANENT_DNS_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'ENONAME']);

interface Context {
  url: string;
  /** Our own deadline fired. */
  timedOut: boolean;
  /** The caller's signal fired. */
  aborted: boolean;
  timeoutMs: number;
}

/** Maps whatever undici, net, tls or zlib threw into a FetchError with a readable message. */
export function classifyError(err: unknown, ctx: Context): FetchError {
  if (err instanceof FetchError) return err;
  const { url } = ctx;
  const host = safeHost(url);
  if (ctx.aborted)
    return new FetchError(`request to ${host} was cancelled`, {
      kind: 'aborted',
      url,
      transient: false,
      cause: err,
    });
  if (ctx.timedOut) {
    return new FetchError(`${host} did not answer within ${ctx.timeoutMs} ms`, {
      kind: 'timeout',
      url,
      transient: true,
      cause: err,
    });
  }
  const code = findCode(err);
  if (code === 'EBLOCKEDADDRESS') {
    return new FetchError(`${messageOf(err)}; private, loopback and internal addresses are not allowed`, {
      kind: 'blocked',
      url,
      transient: false,
      cause: err,
    });
  }
  if (code && TIMEOUT_CODES.has(code)) {
    return new FetchError(`${host} did not answer in time (${code})`, {
      kind: 'timeout',
      url,
      transient: true,
      cause: err,
    });
  }
  if (code && PERMANENT_DNS_CODES.has(code)) {
    return new FetchError(`the host name ${host} could not be found`, {
      kind: 'dns',
      url,
      transient: false,
      cause: err,
    });
  }
  if (code && TRANSIENT_DNS_CODES.has(code)) {
    return new FetchError(`DNS lookup of ${host} failed temporarily (${code})`, {
      kind: 'dns',
      url,
      transient: true,
      cause: err,
    });
  }
  if (code === 'ECONNREFUSED') {
    return new FetchError(`${host} refused the connection`, {
      kind: 'connect',
      url,
      transient: false,
      cause: err,
    });
  }
  if (code && RESET_CODES.has(code)) {
    return new FetchError(`the connection to ${host} was interrupted (${code})`, {
      kind: 'connect',
      url,
      transient: true,
      cause: err,
    });
  }
  if (code && (/CERT|SSL|TLS/.test(code) || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE')) {
    return new FetchError(`TLS problem with ${host} (${code})`, {
      kind: 'connect',
      url,
      transient: false,
      cause: err,
    });
  }
  if (code?.startsWith('Z_') || code?.includes('ERROR_FORMAT')) {
    return new FetchError(`${host} sent a corrupt compressed body`, {
      kind: 'http',
      url,
      transient: false,
      cause: err,
    });
  }
  return new FetchError(`could not fetch ${host}: ${messageOf(err)}`, {
    kind: 'connect',
    url,
    transient: false,
    cause: err,
  });
}

function findCode(err: unknown): string | undefined {
  // undici wraps socket errors; the useful code may sit a few `cause` links down.
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
