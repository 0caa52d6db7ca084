import { desc, lt } from 'drizzle-orm';
import type { Db } from './db/client';
import { auditLog } from './db/schema';

export interface AuditEntry {
  /** Who: `dashboard` (a settings route), `cli` (`npm run keys`) or `startup` (QUARRY_API_KEY rotated). */
  actor: string;
  action: string;
  target?: string | null;
  /** Ids and masked values only, never a secret. */
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

export interface AuditRecord {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

export async function recordAudit(db: Db, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: e.actor,
    action: e.action,
    target: e.target ?? null,
    detail: e.detail ?? null,
    ip: e.ip ?? null,
  });
}

/** Newest first; `before` (an id) pages back. */
export async function listAudit(
  db: Db,
  opts: { limit?: number; before?: number } = {},
): Promise<AuditRecord[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
  const rows = await db
    .select()
    .from(auditLog)
    .where(opts.before ? lt(auditLog.id, opts.before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action,
    target: r.target,
    detail: r.detail ?? null,
    ip: r.ip,
  }));
}
