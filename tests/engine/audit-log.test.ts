import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, recordAudit } from '@/lib/engine/audit';
import { openStore } from '@/lib/engine/db/client';
import { createScratchDatabase } from '../support/engine-harness';

// Issue 6: key creation and revocation by `npm run keys` land in the audit log (the dashboard's
// settings routes write the same table; e2e covers those).
let dataDir: string;
let databaseUrl = '';
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-audit-'));
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
});
afterAll(async () => {
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function keys(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', ...args], {
    env: { ...process.env, QUARRY_DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`keys ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

describe('audit log', () => {
  it('records npm run keys create and revoke, newest first, without the key itself', async () => {
    const out = keys('create', 'ci-runner');
    const id = /Created key (\S+)/.exec(out)?.[1];
    const key = /^\s+(\S+)\s*$/m.exec(out)?.[1];
    expect(id).toBeTruthy();
    expect(key).toBeTruthy();
    keys('revoke', id!);

    const store = await openStore({ dataDir, databaseUrl: databaseUrl || undefined });
    try {
      const entries = await listAudit(store.db);
      expect(entries.map((e) => [e.actor, e.action, e.target])).toEqual([
        ['cli', 'key.revoke', id],
        ['cli', 'key.create', id],
      ]);
      expect(entries[1]?.detail).toEqual({ name: 'ci-runner' });
      expect(JSON.stringify(entries)).not.toContain(key);

      await recordAudit(store.db, { actor: 'dashboard', action: 'webhook_secret.rotate', ip: '10.0.0.7' });
      const [latest] = await listAudit(store.db, { limit: 1 });
      expect(latest).toMatchObject({
        actor: 'dashboard',
        action: 'webhook_secret.rotate',
        ip: '10.0.0.7',
        target: null,
      });
      expect(await listAudit(store.db, { before: latest!.id })).toHaveLength(2);
    } finally {
      await store.close();
    }
  });
});
