import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Time-ordered, URL-safe ids: newest sort last, and the random tail makes them unguessable. */
export function newId(prefix: string, randomChars = 12): string {
  const time = Date.now().toString(36).padStart(9, '0');
  const bytes = randomBytes(randomChars);
  let tail = '';
  for (const b of bytes) tail += ALPHABET[b % 36];
  return `${prefix}_${time}${tail}`;
}
