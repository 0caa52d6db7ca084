// `npm run worker`: a standalone worker process. Claims jobs from the same database as the API
// (DATABASE_URL for scale-out; the embedded store only when no server holds its data directory).
import './load-env.mjs';
import { loadConfig } from '../lib/engine/config';
import { createEngine } from '../lib/engine/runtime';

const config = loadConfig();
if (!config.databaseUrl) {
  console.warn(
    '[quarry] no DATABASE_URL: the worker opens the embedded store, so no server may run on it meanwhile.',
  );
}
const engine = await createEngine(config, { startWorker: true, servesApi: false });
console.log(`[quarry] worker ${engine.worker!.id} running (concurrency ${config.workerConcurrency})`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[quarry] ${signal}: no new claims; finishing in-flight jobs`);
  await engine.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
