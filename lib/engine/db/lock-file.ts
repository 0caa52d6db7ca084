import fs from 'node:fs';
import path from 'node:path';

// PGlite has no data-directory lock: two processes opening one directory silently corrupt it.
// We hold an exclusive lock file with our pid; a stale file (its process is gone, e.g. after kill -9) is taken over.

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {}

export function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'quarry.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid === process.pid) throw new DataDirLockedError(`${dataDir} is already open in this process`);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another Quarry process (pid ${pid}) is using the data directory ${dataDir}. ` +
            `Stop it, or start this one with a different QUARRY_DATA_DIR (or DATABASE_URL for PostgreSQL).`,
        );
      }
      fs.unlinkSync(file); // stale: its owner died without cleaning up
    }
  }
  throw new DataDirLockedError(`could not lock ${dataDir}`);
}
