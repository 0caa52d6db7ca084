/// <reference lib="webworker" />
import type { ParseRequest, ParseResponse } from './parse-protocol';
import { parseFile, readHeader } from './parse-file';

// The upload page's parse worker: one request at a time; a newer request makes the page ignore the
// answers of older ones (by id), so a changed mapping simply re-parses.

const post = (m: ParseResponse) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

self.onmessage = async (e: MessageEvent<ParseRequest>) => {
  const req = e.data;
  try {
    if (req.type === 'header') {
      post({ type: 'header', id: req.id, columns: await readHeader(req.file, req.format) });
      return;
    }
    const summary = await parseFile(req.file, req.format, req.inputs, req.mapping, (bytes, rows) =>
      post({ type: 'progress', id: req.id, bytes, rows }),
    );
    post({ type: 'done', id: req.id, summary });
  } catch (err) {
    post({ type: 'error', id: req.id, message: err instanceof Error ? err.message : String(err) });
  }
};
