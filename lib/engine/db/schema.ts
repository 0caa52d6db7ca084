import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  doublePrecision,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TaskDefinition } from '@/lib/contract/task-definition';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const apiKeys = pgTable('api_keys', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  // sha256 of the whole key: keys are 32 random bytes, so a fast hash is enough and verification stays cheap.
  hash: text('hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const tasks = pgTable('tasks', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  liveVersion: integer('live_version').notNull(),
  maxVersion: integer('max_version').notNull(),
  runCount: integer('run_count').notNull().default(0),
  // 'auto': the name follows the task's fields (nameForDefinition after each edit); 'user': the
  // analyst named it (rename, or an instruction that renamed it) and edits leave the name alone.
  nameSource: text('name_source').$type<'auto' | 'user'>().notNull().default('auto'),
  // Archived tasks leave the task lists but keep working by id; nothing is deleted.
  archivedAt: ts('archived_at'),
});

export const taskVersions = pgTable(
  'task_versions',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<TaskDefinition>().notNull(),
    instruction: text('instruction'),
    changes: jsonb('changes').$type<string[]>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Language-model usage of every run of this version, synchronous or in batches.
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.version] })],
);

export const batches = pgTable(
  'batches',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id),
    taskVersion: integer('task_version').notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    // INGESTING while an upload is being written: invisible to reads and never claimed.
    jobStatus: text('job_status').notNull().default('INGESTING'),
    completed: boolean('completed').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    webhookUrl: text('webhook_url').notNull().default(''),
    jobsSubmitted: integer('jobs_submitted').notNull().default(0),
    jobsAdded: integer('jobs_added').notNull().default(0),
    // Counters kept in columns: count(*) over big job tables is too slow on the embedded store.
    jobsCompleted: integer('jobs_completed').notNull().default(0),
    jobsFailed: integer('jobs_failed').notNull().default(0),
    jobsRemoved: integer('jobs_removed').notNull().default(0),
    rowErrors: jsonb('row_errors')
      .$type<{ error_index: number; error_message: string }[]>()
      .notNull()
      .default([]),
    inputFormat: text('input_format').notNull().default('jsonl'),
    // Uploaded rows live in batch_rows blocks; job rows are created when claimed, in row order.
    // next_ord counts the rows handed out so far (0 … jobs_added).
    nextOrd: integer('next_ord').notNull().default(0),
    // Set by the embedded store's sole claimer as it hands out a batch's first rows: a job that starts
    // at once then gets no job row. Its result block entry carries its id and start time, and a row is
    // written only for a job parked for its host, retried or put back (queue/claim-steps.ts). Readers
    // lay job rows and result blocks over the uploaded rows below next_ord (batches/handed-out.ts),
    // which a cancel then leaves where it stood. Batches claimed before (or on PostgreSQL) keep a row
    // per handed-out job.
    rowlessClaims: boolean('rowless_claims').notNull().default(false),
    // Set in the statement that completes a batch with a webhook address; cleared by the statement
    // that enqueues its deliveries. A crash between the two is caught up by the sweeper.
    webhookDue: boolean('webhook_due').notNull().default(false),
    // Language-model usage summed over the batch's jobs (zero with the offline extractor).
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    lastClaimAt: ts('last_claim_at'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('batches_created_idx').on(t.createdAt), index('batches_status_idx').on(t.jobStatus)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: text('job_id').notNull(),
    // No foreign key: a job row is only ever inserted by a claim that holds its batch row (FOR UPDATE),
    // and only batches still INGESTING (no jobs yet) are ever deleted. The key's check on every
    // inserted job cost more of a claim's execution (~0.25 of 0.4 ms) than the rest of the insert.
    batchId: text('batch_id'),
    seq: integer('seq').notNull(),
    dataUuid: text('data_uuid').notNull(),
    inputs: jsonb('inputs').$type<string[]>().notNull(),
    host: text('host').notNull().default(''),
    // pending → running → succeeded | failed; running → pending (retry, lease expired, put back);
    // pending → removed on cancel (ARCHITECTURE.md, job states)
    state: text('state').notNull().default('pending'),
    // A running job whose first page request has started (queue/start-gate.ts). Until then it is claimed
    // and waiting (for a Crawl-delay turn, a cool-down): readers call it pending and a cancel removes it.
    // Written on the shared store (PostgreSQL) only; the embedded store's one process keeps it in memory.
    fetching: boolean('fetching').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    runAfter: ts('run_after').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseUntil: ts('lease_until'),
    result: jsonb('result'),
    errorDetected: boolean('error_detected').notNull().default(false),
    error: text('error'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  // Few indexes on purpose: jobs are inserted and updated once each per row of every batch, and each
  // index is written again on every update (no HOT updates: indexed columns change).
  (t) => [
    uniqueIndex('jobs_batch_seq_idx').on(t.batchId, t.seq),
    index('jobs_pending_idx')
      .on(t.batchId, t.seq)
      .where(sql`state = 'pending'`),
    index('jobs_running_idx')
      .on(t.leaseUntil)
      .where(sql`state = 'running'`),
    // What a batch has running now, for its counts and rows listing (few rows: at most the workers' slots).
    index('jobs_batch_running_idx')
      .on(t.batchId, t.seq)
      .where(sql`state = 'running'`),
  ],
);

/**
 * A batch's accepted input rows, 1,000 to a block, as JSON text `[[seq, data_uuid, inputs], …]`.
 * Ingest writes a hundred rows for 100k inputs instead of 100k job rows; workers turn rows into jobs
 * as they claim them.
 */
export const batchRows = pgTable(
  'batch_rows',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    block: integer('block').notNull(),
    rows: text('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.block] })],
);

/** Raw bytes (bytea): node-postgres hands back a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The spreadsheet a batch was uploaded as (CSV or XLSX), kept so a download gives back the analyst's
 * own columns and refused rows: downloads read it again with the same reader and join its records to
 * the results by seq (batches/source-records.ts). `options` is the column choice the upload named
 * (ColumnOptions as JSON), so the second read makes the same rows. JSONL uploads keep none: their
 * rows hold everything the file had.
 */
export const batchSources = pgTable('batch_sources', {
  batchId: text('batch_id')
    .primaryKey()
    .references(() => batches.id, { onDelete: 'cascade' }),
  format: text('format').notNull(),
  filename: text('filename').notNull(),
  options: text('options').notNull().default('{}'),
});

/** The upload's bytes, in order, up to 1 MiB a part. */
export const batchSourceParts = pgTable(
  'batch_source_parts',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.part] })],
);

/**
 * Finished jobs' results on the embedded store: one row per completion group and batch, holding the
 * group's results as JSON text `[[seq, state, result, error_detected, error, job_id, started_at], …]`
 * (batches/result-blocks.ts, BlockEntry; entries written before rowless claims stop at `error`). The
 * store's sole claimer writes these instead of rewriting each job row: that rewrite (a new tuple, two
 * index entries and the result parsed into jsonb) was ~75 µs of the store thread per job, most of what
 * the store spent on a job. An entry is the job's final state and result. Most such jobs have no job row
 * (rowless_claims above), so the entry also carries the job's id and start; a job that has a row keeps
 * state 'running' there, and readers lay the entry over it (batches/result-blocks.ts, handed-out.ts).
 * PostgreSQL with several workers still writes results into job rows.
 */
export const resultBlocks = pgTable(
  'result_blocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    // The seqs in the block and their bounds: readers fetch only blocks holding the seqs they read.
    minSeq: integer('min_seq').notNull(),
    maxSeq: integer('max_seq').notNull(),
    seqs: integer('seqs').array().notNull(),
    body: text('body').notNull(),
    finishedAt: ts('finished_at').notNull().defaultNow(),
  },
  (t) => [index('result_blocks_batch_idx').on(t.batchId, t.minSeq)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    kind: text('kind').notNull(), // completion | results
    part: integer('part').notNull(),
    parts: integer('parts').notNull(),
    state: text('state').notNull().default('pending'), // pending | delivering | delivered | failed
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
    lastStatus: integer('last_status'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('webhook_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state in ('pending','delivering')`),
    index('webhook_batch_idx').on(t.batchId),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    durationMs: real('duration_ms'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/** Saved test inputs per task (extension): the dashboard re-runs them against any version to compare. */
export const savedTests = pgTable(
  'saved_tests',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    inputs: jsonb('inputs').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('saved_tests_task_idx').on(t.taskId)],
);

/**
 * Batches made from another batch (extension): a retry of its failed rows, or a re-run of all its
 * rows on another task version. A table of its own rather than columns on batches, so the link can be
 * read from both ends (child → parent by primary key, parent → children by index).
 */
export const batchLinks = pgTable(
  'batch_links',
  {
    childBatchId: text('child_batch_id')
      .primaryKey()
      .references(() => batches.id, { onDelete: 'cascade' }),
    parentBatchId: text('parent_batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    relation: text('relation').notNull(), // retry | rerun
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('batch_links_parent_idx').on(t.parentBatchId)],
);

/**
 * Audit log of security-relevant changes: API keys created and revoked, settings changed (upstream,
 * webhook secret). Append-only; `detail` never holds a secret, only ids and masked values.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    actor: text('actor').notNull(), // dashboard | cli
    action: text('action').notNull(), // key.create | key.revoke | upstream.update | webhook_secret.rotate …
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/**
 * Signed-in dashboard sessions (only with QUARRY_DASHBOARD_PASSWORD). The cookie carries a random id
 * and is HMAC-signed; the row is what makes it live, so signing out ends it on every process. Only
 * the id's sha256 is kept: a read of this table signs nobody in.
 */
export const dashboardSessions = pgTable(
  'dashboard_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('dashboard_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Retry-After cool-downs per host, shared by every worker process: after a host answers 429/503 with
 * Retry-After, or a job of a host with a robots.txt Crawl-delay ends, no worker starts a job for it
 * before `until`.
 */
export const hostCooldowns = pgTable('host_cooldowns', {
  host: text('host').primaryKey(),
  until: ts('until').notNull(),
  // The host's robots.txt Crawl-delay when it sets one (0: none): one job at a time, each followed by
  // a cool-down of this long (lib/engine/queue/host-limits.ts).
  gapMs: integer('gap_ms').notNull().default(0),
});

/**
 * Per-API-key request allowance on PostgreSQL, shared by every API process (token bucket: `tokens`
 * as of `at`, refilled continuously up to a minute's allowance). Processes take tokens in small
 * grants (`granted`: the last grant) and spend them locally; see lib/engine/http/rate-limit.ts.
 */
export const apiRateBuckets = pgTable('api_rate_buckets', {
  keyId: text('key_id').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  at: ts('at').notNull(),
  granted: integer('granted').notNull().default(0),
});

/**
 * Turns at hosts whose robots.txt sets a Crawl-delay, shared by every process on PostgreSQL: `last_turn`
 * is when the latest booked page request may start, `turn` who booked it (lib/engine/queue/host-turns.ts).
 */
export const hostTurns = pgTable('host_turns', {
  host: text('host').primaryKey(),
  lastTurn: ts('last_turn').notNull(),
  turn: text('turn').notNull(),
});
