import { sql } from 'drizzle-orm';
import { EngineError } from '../../errors';
import { endpoint } from '../endpoint';
import { receiveUpload } from '../multipart';

const WEBHOOK_TEST_MAX = 10 * 1024 * 1024;

// GET / — health check; no key. A browser (Accept: text/html) is sent to the dashboard instead, so
// the same address serves monitors the envelope and people the app.
export const health = endpoint('none', { auth: false }, async ({ req }) => {
  if ((req.headers.get('accept') ?? '').includes('text/html')) {
    return new Response(null, {
      status: 307,
      headers: { location: '/tasks', 'cache-control': 'no-store', vary: 'accept' },
    });
  }
  return { data: {}, message: 'Quarry engine is running', headers: { vary: 'accept' } };
});

// POST /webhook-test — a test sink for webhooks (multipart `file`); no key, size-capped.
export const webhookTest = endpoint('none', { auth: false }, async ({ engine, req }) => {
  const upload = await receiveUpload(req, {
    fileField: 'file',
    maxBytes: WEBHOOK_TEST_MAX,
    limitName: 'the fixed limit of /webhook-test',
    tmpDir: engine.uploadDir,
  });
  try {
    if (!upload.file) throw new EngineError('bad_request', 'Missing file', "send a multipart 'file' field");
    return {
      data: { received_bytes: upload.file.size, filename: upload.file.filename },
      status: 201,
      message: 'Received',
    };
  } finally {
    upload.cleanup();
  }
});

// POST /api-test — answers 201 for a valid key: how a client checks its key.
export const apiTest = endpoint('none', { auth: true }, async () => ({
  data: {},
  status: 201,
  message: 'API key is valid',
}));

// GET /healthz — liveness for load balancers: the process answers. No key.
export const healthz = endpoint('none', { auth: false }, async () => ({
  data: { status: 'ok' },
  message: 'alive',
}));

// GET /readyz — readiness: the store answers a query. 503 while it does not (e.g. PostgreSQL restarting).
export const readyz = endpoint('none', { auth: false }, async ({ engine }) => {
  const started = performance.now();
  try {
    await engine.db.execute(sql`SELECT 1`);
  } catch (err) {
    throw new EngineError('unavailable', 'Not ready', `the store does not answer: ${(err as Error).message}`);
  }
  return {
    data: {
      status: 'ready',
      store: engine.store.kind,
      store_ms: Math.round((performance.now() - started) * 10) / 10,
      worker: engine.worker ? 'embedded' : 'off',
    },
    message: 'ready',
  };
});
