import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { EngineError, badRequest } from '../errors';
import { FileProgress } from '../batches/scan-thread/file-progress';
import type { LiveFile, Upload } from '../batches/upload';
import { newId } from '../ids';

/**
 * Uploads that declare at most this length are kept in memory, not spooled, and their rows are read
 * after they complete, on this thread (scan-thread/client.ts). Spooled and followed by the scan
 * thread, a 1,000-row upload (77 KB) waited ~8-10 ms between its last byte and its stored block, on
 * hops between threads and the file system, for ~2 ms of parsing; 256 KB is a few thousand rows, a
 * few milliseconds of this thread.
 */
export const MEMORY_UPLOAD_BYTES = 256 * 1024;

// The upload is spooled to a temp file as it streams in: memory stays flat whatever the size, and the
// form's fields (task_id may come after the file) are all known before ingest reads the rows back.
// A small one (MEMORY_UPLOAD_BYTES) is kept in memory instead.
// `onFile` lets a handler follow the spool while it is written (see LiveFile) to overlap the transfer.
export async function receiveUpload(
  req: Request,
  opts: {
    fileField: string;
    maxBytes: number;
    /** What sets `maxBytes`, named in the 413 so the client knows which limit it met. */
    limitName: string;
    tmpDir: string;
    onFile?: (file: LiveFile) => void;
  },
): Promise<Upload> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw new EngineError(
      'unsupported_media_type',
      'Unsupported content type',
      `expected multipart/form-data with a '${opts.fileField}' file, got '${type.split(';')[0] || 'none'}'`,
    );
  }
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > opts.maxBytes + 64 * 1024)
    throw tooLarge(opts.maxBytes, opts.limitName);
  if (!req.body) throw badRequest('Request body is empty', `send a '${opts.fileField}' file`);
  // The declared length bounds the body (HTTP framing), so what is kept in memory is bounded too.
  const inMemory = Number.isFinite(declared) && declared <= MEMORY_UPLOAD_BYTES;

  fs.mkdirSync(opts.tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: Upload['file'] = null;
  const tmpPath = path.join(opts.tmpDir, `${newId('upload')}.part`);
  let fileStream: (NodeJS.ReadableStream & { destroy(err?: Error): void }) | null = null;
  let spooling: Promise<void> = Promise.resolve();
  const progress = new FileProgress();
  const cleanup = () => fs.rmSync(tmpPath, { force: true });
  // On failure the spool may still be opening or writing: stop and close it first, or the file would
  // be created (or kept) after we removed it. Live readers see the failure and stop.
  const discard = async (err: Error) => {
    progress.fail(err);
    fileStream?.destroy();
    await spooling.catch(() => undefined);
    cleanup();
  };

  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { 'content-type': type },
      limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: opts.maxBytes, parts: 25 },
    });
  } catch (err) {
    throw badRequest('Malformed multipart body', (err as Error).message);
  }

  const done = new Promise<void>((resolve, reject) => {
    let pendingWrite: Promise<void> = Promise.resolve();
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) reject(badRequest('Form field too long', `field '${name}' exceeds 64 KiB`));
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== opts.fileField || file) {
        stream.resume();
        if (name !== opts.fileField)
          return reject(
            badRequest('Unexpected file field', `files go in '${opts.fileField}', not '${name}'`),
          );
        return;
      }
      stream.on('limit', () => {
        const err = tooLarge(opts.maxBytes, opts.limitName);
        progress.fail(err); // a live reader must not take the truncated part for the whole file
        reject(err);
      });
      const current: Part = { path: tmpPath, filename: info.filename ?? '', size: 0 };
      file = current;
      fileStream = stream;
      spooling = inMemory ? keepInMemory(stream, current) : spoolToFile(stream, current, progress);
      spooling.catch((err: Error) => progress.fail(err));
      pendingWrite = spooling;
      // Awaited on success; after a failure nobody awaits it, and an unhandled rejection would crash.
      pendingWrite.catch(() => undefined);
      // A small upload has no live file: its rows are read once it is complete.
      if (!inMemory)
        opts.onFile?.({
          filename: current.filename,
          fields: { ...fields },
          path: tmpPath,
          progress,
        });
    });
    bb.on('filesLimit', () =>
      reject(badRequest('Too many files', `send exactly one '${opts.fileField}' file`)),
    );
    bb.on('fieldsLimit', () => reject(badRequest('Too many form fields', 'at most 20 fields')));
    bb.on('error', (err) => reject(badRequest('Malformed multipart body', (err as Error).message)));
    bb.on('close', () => pendingWrite.then(resolve, reject));
  });

  const body = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream);
  try {
    await Promise.all([
      pipeline(body, bb).catch((err) =>
        Promise.reject(badRequest('Malformed multipart body', (err as Error).message)),
      ),
      done,
    ]);
  } catch (err) {
    // Discard the unread rest (no buffering) so the client receives the error envelope, not a reset.
    body.unpipe();
    body.resume();
    const failure = err instanceof EngineError ? err : badRequest('Upload failed', (err as Error).message);
    await discard(failure);
    throw failure;
  }
  return { fields, file, cleanup };
}

type Part = NonNullable<Upload['file']>;

/** A small file part, collected whole (MEMORY_UPLOAD_BYTES). */
async function keepInMemory(stream: AsyncIterable<Buffer>, part: Part): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk);
    part.size += chunk.length;
  }
  part.bytes = Buffer.concat(chunks);
}

/** Written chunk by chunk (not piped) so live readers know how far the spool is complete. */
async function spoolToFile(stream: AsyncIterable<Buffer>, part: Part, progress: FileProgress): Promise<void> {
  const fh = await fs.promises.open(part.path, 'w');
  try {
    for await (const chunk of stream) {
      await fh.write(chunk);
      part.size += chunk.length;
      progress.advance(part.size);
    }
  } finally {
    await fh.close();
  }
  progress.finish();
}

function tooLarge(max: number, limitName: string) {
  const size =
    max >= 1024 * 1024 ? `${Math.round(max / 1024 / 1024)} MB` : `${max.toLocaleString('en-US')} bytes`;
  return new EngineError('too_large', 'Upload too large', `the file must be at most ${size} (${limitName})`);
}
