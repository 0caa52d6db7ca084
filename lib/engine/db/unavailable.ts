// Errors that mean "the store cannot be reached right now" (PostgreSQL restarting, a failover, a
// dropped connection) rather than a bug: requests answer 503 with Retry-After, workers back off.

// SQLSTATE classes 08 (connection exception) and 57P01–57P03 (admin shutdown, crash shutdown,
// cannot connect now), and the socket errors of a server that is gone.
const CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const MESSAGES =
  /connection terminated|connection (?:was )?(?:closed|lost)|client has encountered a connection error|the database system is (?:starting up|shutting down|in recovery mode)/i;

export function isStoreUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}
