import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from './db/client';
import { dashboardSessions } from './db/schema';

// The server-side half of a dashboard session (lib/dashboard/server/session.ts holds the cookie half).
// Callers pass the sha256 of the session id, never the id itself.

export async function saveDashboardSession(db: Db, idHash: string, expiresAt: Date): Promise<void> {
  await db.insert(dashboardSessions).values({ idHash, expiresAt });
}

export async function isLiveDashboardSession(db: Db, idHash: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ idHash: dashboardSessions.idHash })
    .from(dashboardSessions)
    .where(and(eq(dashboardSessions.idHash, idHash), gt(dashboardSessions.expiresAt, now)));
  return rows.length > 0;
}

export async function deleteDashboardSession(db: Db, idHash: string): Promise<void> {
  await db.delete(dashboardSessions).where(eq(dashboardSessions.idHash, idHash));
}

/** Expired rows are dead already; removing them keeps the table to the sessions in use. */
export async function pruneDashboardSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(dashboardSessions).where(lte(dashboardSessions.expiresAt, now));
}
