import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { settings } from './db/schema';

export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

/** Insert once: concurrent starters on one PostgreSQL all end up with the first value written. */
export async function getOrCreateSetting<T>(db: Db, key: string, make: () => T): Promise<T> {
  await db
    .insert(settings)
    .values({ key, value: make() as object })
    .onConflictDoNothing();
  return (await getSetting<T>(db, key)) as T;
}

/** Insert or replace a setting. */
export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value: value as object })
    .onConflictDoUpdate({ target: settings.key, set: { value: value as object, updatedAt: new Date() } });
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}
