import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';
import { newId } from '../ids';
import { KEY_CHANNEL, cachedKey, forgetKeys, lookupStarts, rememberKey } from './key-cache';

// Keys are stored as sha256 hashes. The id column starts with the first 8 hex chars of the hash so a
// lookup finds candidates by prefix; the full hashes are then compared in constant time.

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function generateKey(): string {
  return `qk_${randomBytes(32).toString('base64url')}`;
}

export interface KeyInfo {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export async function createKey(
  db: Db,
  name: string,
  key = generateKey(),
): Promise<{ key: string; info: KeyInfo }> {
  const hash = hashKey(key);
  const id = `${hash.slice(0, 8)}_${newId('key', 6)}`;
  const [row] = await db.insert(apiKeys).values({ id, name, hash }).returning();
  return { key, info: toInfo(row!) };
}

export async function listKeys(db: Db): Promise<KeyInfo[]> {
  const rows = await db.select().from(apiKeys).orderBy(apiKeys.createdAt);
  return rows.map(toInfo);
}

export async function revokeKey(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  forgetKeys();
  // Other processes on the same PostgreSQL drop their cached keys (revocation-listener.ts); after the
  // update, so none of them can read the key as active again. On the embedded store nobody listens.
  if (rows.length > 0) await db.execute(sql`SELECT pg_notify(${KEY_CHANNEL}, ${id})`);
  return rows.length > 0;
}

export async function verifyKey(db: Db, presented: string | null): Promise<string | null> {
  if (!presented || presented.length > 512) return null;
  const hash = hashKey(presented);
  const cached = cachedKey(hash);
  if (cached) return cached;
  const generation = lookupStarts();
  const candidates = await db
    .select({ id: apiKeys.id, hash: apiKeys.hash })
    .from(apiKeys)
    .where(and(like(apiKeys.id, `${hash.slice(0, 8)}\\_%`), isNull(apiKeys.revokedAt)));
  const given = Buffer.from(hash, 'hex');
  let match: string | null = null;
  for (const c of candidates) {
    const stored = Buffer.from(c.hash, 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given)) match = c.id;
  }
  if (match) rememberKey(hash, match, generation);
  return match;
}

function toInfo(r: typeof apiKeys.$inferSelect): KeyInfo {
  return {
    id: r.id,
    name: r.name,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}
