import { EngineError } from '../../errors';
import { endpoint } from '../endpoint';
import { receiveUpload } from '../multipart';

const WEBHOOK_TEST_MAX = 10 * 1024 * 1024;

// GET / — health check; no key.
export const health = endpoint('none', { auth: false }, async () => ({ data: {}, message: 'Quarry engine is running' }));

// POST /webhook-test — a test sink for webhooks (multipart `file`); no key, size-capped.
export const webhookTest = endpoint('none', { auth: false }, async ({ engine, req }) => {
  const upload = await receiveUpload(req, { fileField: 'file', maxBytes: WEBHOOK_TEST_MAX, tmpDir: engine.uploadDir });
  try {
    if (!upload.file) throw new EngineError('bad_request', 'Missing file', "send a multipart 'file' field");
    return { data: { received_bytes: upload.file.size, filename: upload.file.filename }, status: 201, message: 'Received' };
  } finally {
    upload.cleanup();
  }
});

// POST /api-test — answers 201 for a valid key: how a client checks its key.
export const apiTest = endpoint('none', { auth: true }, async () => ({ data: {}, status: 201, message: 'API key is valid' }));
