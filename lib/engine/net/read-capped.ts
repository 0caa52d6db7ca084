import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';

export interface CappedBody {
  body: Buffer;
  truncated: boolean;
}

/**
 * Reads at most `maxBytes` of the decoded body, then destroys the stream so the rest is never
 * downloaded. The cap applies after decompression, so a small gzip bomb cannot expand past it.
 */
export async function readCapped(
  src: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<CappedBody> {
  const decoder = decompressorFor(contentEncoding);
  const stream: Readable = decoder ? pipeline(src, decoder, () => {}) : src;
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = maxBytes - size;
      if (chunk.length > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        size += Math.max(0, room);
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    if (truncated) {
      src.destroy();
      decoder?.destroy();
    }
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

function decompressorFor(
  encoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  const value = encoding?.trim().toLowerCase();
  if (!value || value === 'identity') return null;
  // Lenient flushing, as browsers and undici's fetch do: servers often end gzip streams early.
  const lenient = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (value === 'gzip' || value === 'x-gzip') return zlib.createGunzip(lenient);
  if (value === 'deflate') return zlib.createInflate(lenient);
  if (value === 'br') {
    return zlib.createBrotliDecompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    });
  }
  return null;
}
