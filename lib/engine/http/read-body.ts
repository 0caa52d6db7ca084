import type { z } from 'zod';
import { EngineError, badRequest, parseWith } from '../errors';

export const MAX_JSON_BYTES = 1024 * 1024;

/** Read a request body up to `limit` bytes; past it, stop reading and answer 413. */
export async function readBodyCapped(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Release rather than cancel: cancelling destroys the socket and the client would see a reset
      // instead of our 413. The server discards the unread rest without buffering it.
      reader.releaseLock();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number) {
  return new EngineError(
    'too_large',
    'Request body too large',
    `the JSON body must be at most ${limit} bytes`,
  );
}

/** Parse a JSON body against a schema; every failure is a 4xx envelope naming the problem. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const type = req.headers.get('content-type');
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new EngineError(
      'unsupported_media_type',
      'Unsupported content type',
      `expected Content-Type: application/json, got '${type.split(';')[0]}'`,
    );
  }
  const raw = Buffer.from(await readBodyCapped(req, MAX_JSON_BYTES)).toString('utf8');
  if (!raw.trim()) throw badRequest('Request body is empty', 'send a JSON object body');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw badRequest('Malformed JSON', `the body is not valid JSON: ${(err as Error).message}`);
  }
  return parseWith(schema, value, 'body');
}
