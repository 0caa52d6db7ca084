import { formatCount } from '@/lib/contract/row-limits';
import { IngestFileError, type ChunkSource } from './types';

// Turns the file's chunks into text. A streaming decoder keeps a multi-byte character that is split
// across two chunks intact, and drops a leading UTF-8 BOM. Invalid UTF-8 (typically a CSV saved as
// Windows-1252 or UTF-16) is a whole-file error: replacing bytes with U+FFFD would silently corrupt
// the inputs sent to research.

export async function* decodeChunks(chunks: ChunkSource): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytesRead = 0;
  let isFirst = true;
  for await (const chunk of chunks) {
    let text: string;
    if (typeof chunk === 'string') {
      // Already-decoded text (browser readers, tests): flush any bytes the decoder still holds first.
      text = bytesRead > 0 ? decodeOrThrow(decoder, undefined, bytesRead) + chunk : chunk;
    } else {
      text = decodeOrThrow(decoder, chunk, bytesRead);
      bytesRead += chunk.byteLength;
    }
    if (isFirst && text.length > 0) {
      isFirst = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text.length > 0) yield text;
  }
  const tail = decodeOrThrow(decoder, undefined, bytesRead);
  if (tail.length > 0) yield tail;
}

function decodeOrThrow(decoder: TextDecoder, chunk: Uint8Array | undefined, offset: number): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    throw invalidUtf8Error(chunk ? offset + firstInvalidUtf8(chunk) : offset);
  }
}

export function invalidUtf8Error(byteOffset: number): IngestFileError {
  return new IngestFileError(
    `the file is not valid UTF-8 text (invalid bytes near byte ${formatCount(byteOffset)}); ` +
      'save it as UTF-8 (in Excel: "CSV UTF-8") and upload it again',
    400,
  );
}

/** Offset of the first byte that cannot start or continue a UTF-8 sequence; only used to word the error. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  // A chunk may start in the middle of a character begun in the previous chunk: skip continuation bytes.
  while (i < bytes.length && i < 3 && ((bytes[i] ?? 0) & 0xc0) === 0x80) i++;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const size =
      b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (size === 0) return i;
    for (let k = 1; k < size; k++) {
      if (i + k >= bytes.length) return i + k; // truncated at the end of the file
      if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    }
    i += size;
  }
  return bytes.length;
}
