import fs from 'node:fs';
import path from 'node:path';

// Upload spools (multipart.ts) are removed when their request ends, but a process that dies while an
// upload streams in leaves its spool in <dataDir>/uploads for ever. At start the embedded store's
// lock file proves no other process uses the data directory, so every spool there is left over. On
// PostgreSQL several API processes may share one data directory (README): there only spools nobody
// has written to for SPOOL_STALE_MS are removed, at start and then every quarter of it. A live spool
// is written as its bytes arrive and read within minutes of its last byte, so an hour of silence
// means its process is gone.

export const SPOOL_STALE_MS = 60 * 60_000;
const SPOOL_NAME = /^upload_[0-9a-z]+\.part$/;

/** Removes spools last written more than `olderThanMs` ago (0: all of them); returns how many. */
export function sweepUploadSpools(dir: string, olderThanMs: number, now = Date.now()): number {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0; // no upload yet
  }
  let removed = 0;
  for (const name of names) {
    if (!SPOOL_NAME.test(name)) continue;
    const file = path.join(dir, name);
    try {
      if (olderThanMs > 0 && now - fs.statSync(file).mtimeMs < olderThanMs) continue;
      fs.rmSync(file, { force: true });
      removed += 1;
    } catch (err) {
      console.warn(`[quarry] could not remove the upload spool ${file}: ${(err as Error).message}`);
    }
  }
  return removed;
}
