import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '@/lib/engine/audit';
import { createKey } from '@/lib/engine/auth/keys';
import { loadConfig } from '@/lib/engine/config';
import { serveEngineHttp } from '@/lib/engine/http/node-server';
import { createEngine, setProcessEngine } from '@/lib/engine/runtime';
import { deleteSetting } from '@/lib/engine/settings';
import { apiClient } from '../support/api';
import { createScratchDatabase } from '../support/engine-harness';

// Security review (issue 27): restarting with a new QUARRY_API_KEY left the previous one valid. The
// new one now replaces it (revoked, in the audit log); a revoked QUARRY_API_KEY is not brought back.
const KEY_A = 'qk_rotation_aaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const KEY_B = 'qk_rotation_bbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const KEY_C = 'qk_rotation_cccccccccccccccccccccccccccc';
const KEY_D = 'qk_rotation_dddddddddddddddddddddddddddd';

let dataDir: string;
let databaseUrl = '';
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-rotation-'));
  if (process.env.DATABASE_URL)
    ({ url: databaseUrl, drop } = await createScratchDatabase(process.env.DATABASE_URL));
});
afterAll(async () => {
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The engine on this file's store (the same one at each start), served on loopback. */
async function start(apiKey: string, dir = dataDir) {
  const config = loadConfig({
    ...process.env,
    QUARRY_DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    QUARRY_API_KEY: apiKey,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
  });
  const engine = await createEngine(config, { startWorker: false });
  setProcessEngine(engine);
  const http = await serveEngineHttp();
  const status = async (key: string) => (await apiClient(http.url, key).get('/v0/tasks')).status;
  return {
    engine,
    status,
    async close() {
      await http.close();
      await engine.close();
      setProcessEngine(null);
    },
  };
}

describe('bootstrap key rotation', () => {
  it('a new QUARRY_API_KEY revokes the previous one, recorded in the audit log', async () => {
    let e = await start(KEY_A);
    expect(await e.status(KEY_A)).toBe(200);
    await e.close();

    e = await start(KEY_B);
    try {
      expect(await e.status(KEY_B)).toBe(200);
      expect(await e.status(KEY_A)).toBe(401);
      const audit = await listAudit(e.engine.db);
      expect(audit.map((a) => [a.actor, a.action])).toEqual([
        ['startup', 'key.revoke'],
        ['startup', 'key.create'],
      ]);
      expect(audit[0]!.detail).toMatchObject({
        reason: 'QUARRY_API_KEY changed',
        replaced_by: audit[1]!.target,
      });
      expect(JSON.stringify(audit)).not.toContain(KEY_B);
    } finally {
      await e.close();
    }
  });

  it('the same key again changes nothing; an old, revoked one is not brought back', async () => {
    let e = await start(KEY_B);
    const entries = (await listAudit(e.engine.db)).length;
    expect(await e.status(KEY_B)).toBe(200);
    await e.close();

    e = await start(KEY_A);
    try {
      expect(await e.status(KEY_A)).toBe(401);
      expect(await e.status(KEY_B)).toBe(200);
      expect(await listAudit(e.engine.db)).toHaveLength(entries);
    } finally {
      await e.close();
    }
  });

  it('after an upgrade, previous bootstrap keys (known by name only) are revoked at the next rotation', async () => {
    let e = await start(KEY_B);
    // As an older version left things: a bootstrap key by name, and no marker of which is current.
    await createKey(e.engine.db, 'bootstrap (QUARRY_API_KEY)', KEY_C);
    await deleteSetting(e.engine.db, 'bootstrap_api_key');
    expect(await e.status(KEY_C)).toBe(200);
    await e.close();

    e = await start(KEY_D);
    try {
      expect(await e.status(KEY_D)).toBe(200);
      expect(await e.status(KEY_C)).toBe(401);
      expect(await e.status(KEY_B)).toBe(401);
    } finally {
      await e.close();
    }
  });

  it('the generated key kept in the data dir works across restarts as before', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-generated-'));
    const saved = databaseUrl;
    const scratch = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
    databaseUrl = scratch?.url ?? '';
    try {
      let e = await start('', dir);
      const key = fs.readFileSync(path.join(dir, 'api-key'), 'utf8').trim();
      expect(e.engine.apiKey).toBe(key);
      expect(await e.status(key)).toBe(200);
      await e.close();
      e = await start('', dir);
      expect(e.engine.apiKey).toBe(key);
      expect(await e.status(key)).toBe(200);
      await e.close();
    } finally {
      databaseUrl = saved;
      await scratch?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
