import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
// Random bytes are drawn 4 KiB at a time: a batch creates an id per job, and one randomBytes call per
// id was a measurable share of the queue's main-thread time.
const pool = Buffer.alloc(4096);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** Time-ordered, URL-safe ids: newest sort last, and the random tail makes them unguessable. */
export function newId(prefix: string, randomChars = 12): string {
  const time = Date.now().toString(36).padStart(9, '0');
  let tail = '';
  while (tail.length < randomChars) {
    const b = randomByte();
    if (b < 252) tail += ALPHABET[b % 36]; // 252 = 7 × 36: bytes above it would favour the first digits
  }
  return `${prefix}_${time}${tail}`;
}
