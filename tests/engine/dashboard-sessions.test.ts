import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteDashboardSession,
  isLiveDashboardSession,
  pruneDashboardSessions,
  saveDashboardSession,
} from '@/lib/engine/dashboard-sessions';
import { openStore } from '@/lib/engine/db/client';
import { dashboardSessions } from '@/lib/engine/db/schema';
import { createScratchDatabase } from '../support/engine-harness';

// Issue 27: a dashboard session is live while its row is; signing out deletes the row. Both stores
// run the same migration and queries.
let dataDir: string;
let store: Awaited<ReturnType<typeof openStore>>;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-dash-sessions-'));
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  store = await openStore({ dataDir, databaseUrl });
});
afterAll(async () => {
  await store?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('dashboard sessions', () => {
  it('is live until it expires or is deleted, one session at a time', async () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const later = new Date(now.getTime() + 3600_000);
    await saveDashboardSession(store.db, 'a'.repeat(64), later);
    await saveDashboardSession(store.db, 'b'.repeat(64), later);
    expect(await isLiveDashboardSession(store.db, 'a'.repeat(64), now)).toBe(true);
    expect(await isLiveDashboardSession(store.db, 'c'.repeat(64), now)).toBe(false);
    expect(await isLiveDashboardSession(store.db, 'a'.repeat(64), later)).toBe(false);

    await deleteDashboardSession(store.db, 'a'.repeat(64));
    expect(await isLiveDashboardSession(store.db, 'a'.repeat(64), now)).toBe(false);
    expect(await isLiveDashboardSession(store.db, 'b'.repeat(64), now)).toBe(true);
  });

  it('prunes expired rows only', async () => {
    const now = new Date('2026-02-01T12:00:00Z');
    await saveDashboardSession(store.db, 'd'.repeat(64), new Date(now.getTime() - 1000));
    await saveDashboardSession(store.db, 'e'.repeat(64), new Date(now.getTime() + 1000));
    await pruneDashboardSessions(store.db, now);
    const rows = await store.db.select({ idHash: dashboardSessions.idHash }).from(dashboardSessions);
    expect(rows.map((r) => r.idHash).sort()).toEqual(['e'.repeat(64)]); // b expired in January
  });
});
