import { createHmac, timingSafeEqual } from 'node:crypto';

// Results files are fetched by signed, expiring URLs, so they can be handed to a browser or a
// spreadsheet tool without the API key.

export const FILE_URL_TTL_S = 24 * 3600;
export type FileFormat = 'jsonl' | 'csv' | 'xlsx' | 'json';

function sign(secret: string, batchId: string, format: string, expires: number): string {
  return createHmac('sha256', secret).update(`${batchId}\n${format}\n${expires}`).digest('base64url');
}

export function signedFileUrl(base: string, secret: string, batchId: string, format: FileFormat, now = Date.now()) {
  const expires = Math.floor(now / 1000) + FILE_URL_TTL_S;
  const u = new URL(`/files/results/${encodeURIComponent(batchId)}`, base);
  u.searchParams.set('format', format);
  u.searchParams.set('expires', String(expires));
  u.searchParams.set('signature', sign(secret, batchId, format, expires));
  return u.toString();
}

export function verifyFileUrl(secret: string, batchId: string, q: URLSearchParams, now = Date.now()): string | null {
  const format = q.get('format') ?? 'jsonl';
  const expires = Number(q.get('expires'));
  const given = Buffer.from(q.get('signature') ?? '');
  if (!Number.isInteger(expires)) return 'the link is missing its expiry';
  if (expires * 1000 < now) return 'the link has expired; ask the results endpoint for a new one';
  const expected = Buffer.from(sign(secret, batchId, format, expires));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'the link signature is not valid';
  return null;
}
