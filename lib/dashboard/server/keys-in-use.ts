import 'server-only';
import { and, eq } from 'drizzle-orm';
import { hashKey } from '@/lib/engine/auth/keys';
import { apiKeys } from '@/lib/engine/db/schema';
import { getEngine } from '@/lib/engine/runtime';
import { isBuiltIn, resolveUpstream } from './upstream-settings';

/** The id of the built-in engine key the dashboard itself sends, so Settings can refuse to revoke it. */
export async function keyIdInUse(): Promise<string | null> {
  const engine = await getEngine();
  const upstream = await resolveUpstream();
  if (!upstream.key || !isBuiltIn(upstream.url, engine.config.port)) return null;
  const [row] = await engine.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, hashKey(upstream.key))));
  return row?.id ?? null;
}
