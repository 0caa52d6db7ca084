import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isWebhookSecret } from './webhooks/sign';

// The only place that reads process.env: parsed once, validated, typed.
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = net.isIP(address);
  if (!family) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  QUARRY_DATA_DIR: z.string().default('./.quarry'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  QUARRY_API_KEY: z
    .string()
    .min(16, 'QUARRY_API_KEY must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  QUARRY_UPSTREAM_URL: z.string().optional(),
  QUARRY_UPSTREAM_KEY: z.string().optional(),
  QUARRY_ALLOW_PRIVATE_URLS: flag,
  // Checked here: a malformed one used to be taken at start, and then every delivery failed to sign.
  QUARRY_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine(
      (v) => v === undefined || isWebhookSecret(v),
      'QUARRY_WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ followed by the base64 of at least 24 random bytes (e.g. whsec_$(openssl rand -base64 32)); leave it empty to have one generated',
    ),
  // A fixed delay between webhook attempts instead of the 2 s … 2 h schedule (tests; impatient receivers).
  QUARRY_WEBHOOK_BACKOFF_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).optional(),
  ),
  QUARRY_WORKER: z.enum(['embedded', 'off']).default('embedded'),
  QUARRY_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  QUARRY_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  // Leave one core to the main thread and the store thread (HTTP, queue, PGlite); '' counts as unset, as .env.example ships it empty.
  QUARRY_RESEARCH_THREADS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(0)
      .max(64)
      .default(Math.max(1, os.availableParallelism() - 1)),
  ),
  // Heap cap of each research thread (see research-pool.ts): V8 collects early instead of letting garbage reach GBs.
  QUARRY_RESEARCH_HEAP_MB: z.coerce.number().int().min(64).max(16_384).default(1024),
  QUARRY_MAX_UPLOAD_MB: z.coerce.number().positive().default(200),
  QUARRY_RUN_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  // A cancelled batch's jobs already fetching finish within this, or are stopped (and not retried).
  QUARRY_CANCEL_GRACE_MS: z.coerce.number().int().positive().default(15_000),
  QUARRY_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  QUARRY_MAX_PAGES: z.coerce.number().int().min(0).max(20).default(4),
  QUARRY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  QUARRY_LEASE_MS: z.coerce.number().int().positive().default(30_000),
  // How often each worker process looks for due monitor ticks and completed monitor runs.
  QUARRY_MONITOR_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  // On SIGTERM a worker stops claiming and gives running jobs this long to finish, then releases them.
  QUARRY_WORKER_STOP_DEADLINE_MS: z.coerce.number().int().min(0).default(10_000),
  QUARRY_PUBLIC_URL: z.string().optional(),
  QUARRY_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(0).default(6000),
  // Requests with a wrong API key per client address and minute before it is answered 429 (0: no limit).
  QUARRY_KEY_FAILURES_PER_MIN: z.coerce.number().int().min(0).default(20),
  QUARRY_LLM_PROVIDER: z
    .enum(['openai', 'anthropic', 'openai-compatible', ''])
    .optional()
    .transform((v) => (v ? v : undefined)),
  QUARRY_LLM_MODEL: z.string().optional(),
  QUARRY_LLM_TURBO_MODEL: z.string().optional(),
  QUARRY_LLM_TOKEN_BUDGET: z.coerce.number().int().min(500).max(200_000).default(6_000),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  QUARRY_BROWSER: z.enum(['auto', 'always', 'off']).default('auto'),
  QUARRY_BROWSER_PATH: z.string().default('/usr/bin/chromium'),
  QUARRY_BROWSER_PAGES: z.coerce.number().int().min(1).max(32).default(2),
  QUARRY_HOST_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  // A short password falls to guessing even through the sign-in throttle; '' counts as unset.
  QUARRY_DASHBOARD_PASSWORD: z
    .string()
    .min(12, 'QUARRY_DASHBOARD_PASSWORD must be at least 12 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-For names the client.
  QUARRY_TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every(isAddressOrRange),
      'QUARRY_TRUSTED_PROXIES must list IP addresses or CIDR ranges',
    ),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

export type EngineConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof EnvSchema>) {
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.QUARRY_DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    bootstrapApiKey: env.QUARRY_API_KEY,
    allowPrivateUrls: env.QUARRY_ALLOW_PRIVATE_URLS,
    webhookSecret: env.QUARRY_WEBHOOK_SECRET,
    webhookBackoffMs: env.QUARRY_WEBHOOK_BACKOFF_MS,
    worker: env.QUARRY_WORKER,
    workerConcurrency: env.QUARRY_WORKER_CONCURRENCY,
    hostConcurrency: env.QUARRY_HOST_CONCURRENCY,
    researchThreads: env.QUARRY_RESEARCH_THREADS,
    researchHeapMb: env.QUARRY_RESEARCH_HEAP_MB,
    maxUploadBytes: Math.floor(env.QUARRY_MAX_UPLOAD_MB * 1024 * 1024),
    runTimeoutMs: env.QUARRY_RUN_TIMEOUT_MS,
    cancelGraceMs: env.QUARRY_CANCEL_GRACE_MS,
    fetchTimeoutMs: env.QUARRY_FETCH_TIMEOUT_MS,
    maxPages: env.QUARRY_MAX_PAGES,
    maxAttempts: env.QUARRY_MAX_ATTEMPTS,
    leaseMs: env.QUARRY_LEASE_MS,
    monitorPollMs: env.QUARRY_MONITOR_POLL_MS,
    workerStopDeadlineMs: env.QUARRY_WORKER_STOP_DEADLINE_MS,
    rateLimitPerMin: env.QUARRY_RATE_LIMIT_PER_MIN,
    keyFailuresPerMin: env.QUARRY_KEY_FAILURES_PER_MIN,
    // Proxies whose X-Forwarded-For is believed, for every per-client limit (http/client-address.ts).
    trustedProxies: env.QUARRY_TRUSTED_PROXIES,
    publicUrl: env.QUARRY_PUBLIC_URL,
    logLevel: env.LOG_LEVEL,
    // The dashboard's sign-in password and its upstream (default: this server's built-in engine).
    dashboard: {
      password: env.QUARRY_DASHBOARD_PASSWORD || undefined,
      upstreamUrl: env.QUARRY_UPSTREAM_URL?.trim() || undefined,
      upstreamKey: env.QUARRY_UPSTREAM_KEY?.trim() || undefined,
    },
    llm: llmConfig(env),
    browser: {
      mode: env.QUARRY_BROWSER,
      executablePath: env.QUARRY_BROWSER_PATH,
      maxPages: env.QUARRY_BROWSER_PAGES,
    },
    hostDelayMs: env.QUARRY_HOST_DELAY_MS,
  };
}

/**
 * The language-model settings as plain data (they travel to worker threads). No provider, or a
 * provider without a model, means the offline extractor and planner answer.
 */
function llmConfig(env: z.infer<typeof EnvSchema>) {
  const provider = env.QUARRY_LLM_PROVIDER;
  const model = env.QUARRY_LLM_MODEL?.trim();
  if (!provider || !model) return undefined;
  return {
    provider,
    model,
    turboModel: env.QUARRY_LLM_TURBO_MODEL?.trim() || model,
    apiKey: provider === 'anthropic' ? env.ANTHROPIC_API_KEY : env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL?.trim() || undefined,
    tokenBudget: env.QUARRY_LLM_TOKEN_BUDGET,
  };
}

/** Parse an environment (process.env by default). Throws a readable error naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): EngineConfig {
  // An empty value means unset, as in a `.env` copied from `.env.example` with blanks left blank.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}

let current: { env: string; config: EngineConfig } | undefined;

/**
 * loadConfig() of process.env, kept until one of the variables it reads changes (tests change some).
 * For code asked on every request (the dashboard's Host allow-list, its session check): a parse costs
 * ~0.15 ms, looking the variables up a few µs.
 */
export function currentConfig(): EngineConfig {
  const env = Object.keys(EnvSchema.shape)
    .map((name) => process.env[name] ?? '')
    .join('\0');
  if (current?.env !== env) current = { env, config: loadConfig() };
  return current.config;
}
