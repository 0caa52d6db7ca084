// Next calls register() once when the server starts: boot the engine then, so the embedded worker
// resumes interrupted batches at once instead of on the first request. The peer header gives the
// dashboard routes the socket's address, which Next does not pass to them (peer-header.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  (await import('./lib/engine/http/peer-header')).installPeerHeader();
  await import('./lib/engine/boot');
}
