import { createHmac, timingSafeEqual } from 'node:crypto';

// Results files are fetched by signed, expiring URLs, so they can be handed to a browser or a
// spreadsheet tool without the API key. The signing key is the results-link key (link-key.ts).

export const FILE_URL_TTL_S = 24 * 3600;
// Clocks of processes on different machines may differ a little: a link made by one must not be
// refused by another as expiring too late.
const CLOCK_SKEW_S = 300;
export type FileFormat = 'jsonl' | 'csv' | 'xlsx' | 'json';

function sign(key: Buffer, batchId: string, format: string, expires: number): string {
  return createHmac('sha256', key)
    .update(`results-link\n${batchId}\n${format}\n${expires}`)
    .digest('base64url');
}

export function signedFileUrl(
  base: string,
  key: Buffer,
  batchId: string,
  format: FileFormat,
  now = Date.now(),
) {
  const expires = Math.floor(now / 1000) + FILE_URL_TTL_S;
  const u = new URL(`/files/results/${encodeURIComponent(batchId)}`, base);
  u.searchParams.set('format', format);
  u.searchParams.set('expires', String(expires));
  u.searchParams.set('signature', sign(key, batchId, format, expires));
  return u.toString();
}

/** Why the link cannot be used, or null when it is valid. */
export function verifyFileUrl(
  key: Buffer,
  batchId: string,
  q: URLSearchParams,
  now = Date.now(),
): string | null {
  const format = q.get('format') ?? 'jsonl';
  const expires = Number(q.get('expires'));
  const given = Buffer.from(q.get('signature') ?? '');
  if (!Number.isInteger(expires)) return 'the link is missing its expiry';
  if (expires * 1000 < now) return 'the link has expired; ask the results endpoint for a new one';
  // No link is made to last longer than the TTL, so one that claims to was not made here.
  if (expires > Math.floor(now / 1000) + FILE_URL_TTL_S + CLOCK_SKEW_S)
    return 'the link expires later than any link this server makes';
  const expected = Buffer.from(sign(key, batchId, format, expires));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return 'the link signature is not valid';
  return null;
}
