import { randomUUID } from 'node:crypto';
import { getEngine, type Engine } from '../runtime';
import { verifyKey } from '../auth/keys';
import { createFailedKeyThrottle, type FailedKeyThrottle } from '../auth/failed-key-throttle';
import { clientAddress } from './client-address';
import { EngineError } from '../errors';
import { errorResponse, successResponse, type ApiVersion, type SuccessOptions } from './envelope';
import { createRateLimiter, createSharedRateLimiter, type RateLimiter } from './rate-limit';

export interface Ctx {
  engine: Engine;
  req: Request;
  url: URL;
  params: Record<string, string>;
  requestId: string;
  version: ApiVersion;
}

export type Result = { data: unknown } & SuccessOptions;
export type RouteHandler = (
  req: Request,
  route: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/**
 * Wrap an engine operation as a route handler: request id, engine, x-api-key check, then the operation;
 * whatever it throws becomes the error envelope. Handlers return either a Result (enveloped here) or a
 * ready Response (streams).
 */
export function endpoint(
  version: ApiVersion,
  opts: { auth: boolean },
  fn: (ctx: Ctx) => Promise<Result | Response>,
): RouteHandler {
  return async (req, route) => {
    const requestId = `req_${randomUUID().replace(/-/g, '')}`;
    try {
      const engine = await getEngine();
      if (opts.auth) await authenticate(engine, req);
      const params = await route.params;
      const out = await fn({ engine, req, url: new URL(req.url), params, requestId, version });
      if (out instanceof Response) {
        out.headers.set('x-request-id', requestId);
        return out;
      }
      const { data, ...rest } = out;
      return successResponse(data, version, requestId, rest);
    } catch (err) {
      return errorResponse(err, version, requestId);
    }
  };
}

const limiters = new WeakMap<Engine, RateLimiter>();

// On PostgreSQL several API processes may serve one key, so they share its allowance through the store.
function limiterFor(engine: Engine): RateLimiter {
  let limiter = limiters.get(engine);
  if (!limiter) {
    const perMinute = engine.config.rateLimitPerMin;
    limiter =
      engine.store.kind === 'postgres'
        ? createSharedRateLimiter(engine.db, perMinute)
        : createRateLimiter(perMinute);
    limiters.set(engine, limiter);
  }
  return limiter;
}

const throttles = new WeakMap<Engine, FailedKeyThrottle>();

function throttleFor(engine: Engine): FailedKeyThrottle {
  let throttle = throttles.get(engine);
  if (!throttle) throttles.set(engine, (throttle = createFailedKeyThrottle(engine.config.keyFailuresPerMin)));
  return throttle;
}

async function authenticate(engine: Engine, req: Request): Promise<void> {
  const presented = req.headers.get('x-api-key');
  if (!presented) {
    throw new EngineError('unauthorized', 'Missing API key', 'send your API key in the x-api-key header');
  }
  const client = clientAddress(req, engine.config.trustedProxies);
  throttleFor(engine).check(client);
  const keyId = await verifyKey(engine.db, presented.trim());
  if (!keyId) {
    throttleFor(engine).recordFailure(client);
    throw new EngineError('unauthorized', 'Invalid API key', 'the x-api-key is unknown or revoked');
  }
  await limiterFor(engine).check(keyId);
}
