import fs from 'node:fs';

// An upload's spool file while it is being written: how far it is complete, and whether it is done or
// failed. Readers follow it to parse rows while the upload is still arriving. The same class runs on
// the scan thread, fed by messages from the main thread.

export type ProgressListener = (p: FileProgress) => void;

export class FileProgress {
  written = 0;
  done = false;
  failed: Error | null = null;
  private waiters: (() => void)[] = [];
  private readonly listeners = new Set<ProgressListener>();

  advance(bytes: number): void {
    this.written = bytes;
    this.changed();
  }
  finish(bytes = this.written): void {
    this.written = bytes;
    this.done = true;
    this.changed();
  }
  fail(err: Error): void {
    this.failed ??= err;
    this.changed();
  }
  /** Resolves at the next change. */
  next(): Promise<void> {
    return new Promise((r) => this.waiters.push(r));
  }
  /** Calls `listener` at every change; returns the function that stops it. */
  subscribe(listener: ProgressListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  private changed(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const r of w) r();
    for (const l of this.listeners) l(this);
  }
}

const READ_BYTES = 256 * 1024;

/**
 * The file's bytes in order. With `progress`, reads only what is known written, waits for more, ends
 * when the file is done and throws when it failed; the file is opened at the first byte, so it may not
 * exist yet when this starts.
 */
export async function* readFileChunks(file: string, progress?: FileProgress): AsyncGenerator<Buffer> {
  let fh: fs.promises.FileHandle | null = null;
  try {
    let pos = 0;
    for (;;) {
      if (progress?.failed) throw progress.failed;
      const known = progress ? progress.written : Infinity;
      if (pos < known) {
        fh ??= await fs.promises.open(file, 'r');
        const want = Math.min(known - pos, READ_BYTES);
        const buf = Buffer.allocUnsafe(want);
        const { bytesRead } = await fh.read(buf, 0, want, pos);
        if (bytesRead === 0) {
          if (!progress) return; // end of a complete file
          throw new Error(`the upload spool ended at ${pos} bytes, ${known} were written`);
        }
        pos += bytesRead;
        yield bytesRead === want ? buf : buf.subarray(0, bytesRead);
        continue;
      }
      if (!progress || progress.done) return;
      await progress.next();
    }
  } finally {
    await fh?.close();
  }
}
