// `npm run keys -- create [name] | list | revoke <id>`: manage the built-in engine's API keys.
import './load-env.mjs';
import { loadConfig } from '../lib/engine/config';
import { openStore } from '../lib/engine/db/client';
import { createKey, listKeys, revokeKey } from '../lib/engine/auth/keys';
import { DataDirLockedError } from '../lib/engine/db/lock-file';
import { recordAudit } from '../lib/engine/audit';

const [command, arg] = process.argv.slice(2);
const usage = 'usage: npm run keys -- create [name] | list | revoke <id>';
if (!command || !['create', 'list', 'revoke'].includes(command)) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
let store;
try {
  store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(
      `${err.message}\nManage keys in the dashboard's Settings while the server runs, or stop it first.`,
    );
    process.exit(1);
  }
  throw err;
}
try {
  if (command === 'create') {
    const { key, info } = await createKey(store.db, arg ?? 'cli');
    await recordAudit(store.db, {
      actor: 'cli',
      action: 'key.create',
      target: info.id,
      detail: { name: info.name },
    });
    console.log(`Created key ${info.id} (${info.name}). It is shown only now:\n\n    ${key}\n`);
  } else if (command === 'list') {
    const keys = await listKeys(store.db);
    for (const k of keys) {
      console.log(
        `${k.id}\t${k.name}\tcreated ${k.created_at}\t${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}`,
      );
    }
    if (keys.length === 0) console.log('No keys yet: one is generated on the first start.');
  } else {
    if (!arg) {
      console.error(usage);
      process.exitCode = 2;
    } else if (await revokeKey(store.db, arg)) {
      await recordAudit(store.db, { actor: 'cli', action: 'key.revoke', target: arg });
      console.log(`Revoked ${arg}.`);
    } else {
      console.error(`No active key with id ${arg} (see: npm run keys -- list).`);
      process.exitCode = 1;
    }
  }
} finally {
  await store.close();
}
