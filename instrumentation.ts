// Next calls register() once when the server starts: boot the engine then, so the embedded worker
// resumes interrupted batches at once instead of on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./lib/engine/boot');
}
