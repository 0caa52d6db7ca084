// A browser File's stream (`file.stream()`) as the chunk source the readers take. Not every browser
// makes ReadableStream async-iterable (Safari does not), so this reads it through its reader.

export async function* webStreamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stopping early (a file error, the analyst cancelled) cancels the read instead of leaking it.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
