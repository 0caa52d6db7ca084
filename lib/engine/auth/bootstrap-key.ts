import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { apiKeys, settings } from '../db/schema';
import { KEY_CHANNEL, forgetKeys } from './key-cache';
import { createKey, hashKey } from './keys';

// The key QUARRY_API_KEY names is "the bootstrap key"; its id is kept in the settings table. Starting
// with a different QUARRY_API_KEY is a rotation: the new key is added and the previous one revoked
// (it used to stay valid for ever). A QUARRY_API_KEY that was revoked is not brought back: a process
// started with an old environment (a rolling deploy's laggard) must not undo a rotation.

const MARKER = 'bootstrap_api_key';
const ENV_KEY_NAME = 'bootstrap (QUARRY_API_KEY)';

interface Rotation {
  created: string | null;
  revoked: string[];
  refused: boolean;
}

/**
 * Make sure a usable key exists: QUARRY_API_KEY when set, otherwise one generated on first start,
 * written to <dataDir>/api-key (mode 600) and printed once.
 */
export async function ensureBootstrapKey(
  db: Db,
  dataDir: string,
  envKey: string | undefined,
): Promise<string> {
  if (envKey) {
    await ensureEnvKey(db, envKey);
    return envKey;
  }
  const file = path.join(dataDir, 'api-key');
  if (fs.existsSync(file)) {
    const key = fs.readFileSync(file, 'utf8').trim();
    const existing = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.hash, hashKey(key)));
    if (existing.length > 0) return key;
  }
  const { key } = await createKey(db, 'bootstrap (generated)');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, key + '\n', { mode: 0o600 });
  console.log(`[quarry] generated an API key (kept in ${file}; shown once):\n\n    ${key}\n`);
  return key;
}

async function ensureEnvKey(db: Db, envKey: string): Promise<void> {
  const hash = hashKey(envKey);
  // One transaction holding the marker row: processes starting together on one PostgreSQL rotate once.
  const r = await db.transaction(async (tx): Promise<Rotation> => {
    await tx
      .insert(settings)
      .values({ key: MARKER, value: { id: null } })
      .onConflictDoNothing();
    const [marker] = await queryRows<{ value: { id: string | null } }>(
      tx,
      sql`SELECT value FROM settings WHERE key = ${MARKER} FOR UPDATE`,
    );
    const same = await tx
      .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(eq(apiKeys.hash, hash));
    const active = same.find((k) => !k.revokedAt);
    if (!active && same.length > 0) return { created: null, revoked: [], refused: true };
    const current = active?.id ?? (await createKey(tx, ENV_KEY_NAME, envKey)).info.id;
    // Before the marker existed the bootstrap keys were known by name only.
    const markedId = marker?.value.id ?? null;
    const previous = markedId
      ? [markedId]
      : (await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.name, ENV_KEY_NAME))).map(
          (k) => k.id,
        );
    const stale = previous.filter((id) => id !== current);
    const revoked = stale.length
      ? await tx
          .update(apiKeys)
          .set({ revokedAt: new Date() })
          .where(and(inArray(apiKeys.id, stale), isNull(apiKeys.revokedAt)))
          .returning({ id: apiKeys.id })
      : [];
    await tx
      .update(settings)
      .set({ value: { id: current }, updatedAt: new Date() })
      .where(eq(settings.key, MARKER));
    return { created: active ? null : current, revoked: revoked.map((k) => k.id), refused: false };
  });

  if (r.refused) {
    console.warn('[quarry] QUARRY_API_KEY names a revoked key: it stays revoked (set a new one to rotate)');
    return;
  }
  if (r.revoked.length === 0) return;
  // Cached verifications here and, through the NOTIFY, on other processes must not outlive the key.
  forgetKeys();
  for (const id of r.revoked) await db.execute(sql`SELECT pg_notify(${KEY_CHANNEL}, ${id})`);
  if (r.created) {
    await recordAudit(db, {
      actor: 'startup',
      action: 'key.create',
      target: r.created,
      detail: { name: ENV_KEY_NAME },
    });
  }
  for (const id of r.revoked) {
    await recordAudit(db, {
      actor: 'startup',
      action: 'key.revoke',
      target: id,
      detail: { reason: 'QUARRY_API_KEY changed', replaced_by: r.created },
    });
  }
  console.log(
    `[quarry] QUARRY_API_KEY changed: revoked the previous bootstrap key (${r.revoked.join(', ')})`,
  );
}
