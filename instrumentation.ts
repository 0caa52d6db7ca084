// Next calls register() once when the server starts: boot the engine then, so the embedded worker
// resumes interrupted batches at once instead of on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getEngine } = await import('./lib/engine/runtime');
  try {
    const engine = await getEngine();
    const where = engine.store.kind === 'pglite' ? `embedded store in ${engine.config.dataDir}` : 'PostgreSQL';
    console.log(`[quarry] engine ready on ${where}; worker ${engine.worker ? 'embedded' : 'off'}`);
  } catch (err) {
    console.error(`[quarry] could not start the engine: ${(err as Error).message}`);
    process.exit(1);
  }
}
