import { getEngine } from './runtime';

// Imported once by instrumentation.ts in the Node.js runtime: open the store and start the worker.
try {
  const engine = await getEngine();
  const where = engine.store.kind === 'pglite' ? `embedded store in ${engine.config.dataDir}` : 'PostgreSQL';
  console.log(`[quarry] engine ready on ${where}; worker ${engine.worker ? 'embedded' : 'off'}`);
} catch (err) {
  console.error(`[quarry] could not start the engine: ${(err as Error).message}`);
  process.exit(1);
}
