import { z } from 'zod';
import {
  BatchDetailSchema,
  BatchSummarySchema,
  CancelBatchResponseSchema,
  CreateBatchResponseSchema,
  ResultsPayloadSchema,
  UpdateBatchRequestSchema,
  UpdateBatchResponseSchema,
  ValidationReportSchema,
} from '@/lib/contract/batches';
import {
  CapabilitiesResponseSchema,
  CreateSavedTestRequestSchema,
  SavedTestSchema,
  SetLiveVersionRequestSchema,
  SetLiveVersionResponseSchema,
  TaskVersionSchema,
} from '@/lib/contract/extensions';
import {
  CreateTaskRequestSchema,
  CreateTaskResponseSchema,
  DynamicRunRequestSchema,
  EditTaskRequestSchema,
  EditTaskResponseSchema,
  JobResultSchema,
  QuickTestRequestSchema,
  RunTaskRequestSchema,
  TaskDetailSchema,
  TaskSummarySchema,
  V0DynamicResultSchema,
} from '@/lib/contract/tasks';
import { BATCH_EXTENSION_OPS } from './openapi-batch-extensions';
import { TASK_SHAPING_OPS } from './openapi-task-shaping';

// GET /openapi.json is generated from the same zod schemas the handlers parse with, so the document
// cannot drift from the code. Operations we added beyond the spec carry `x-quarry-extension: true`.

export interface Op {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: 'Tasks' | 'Batches' | 'Utility' | 'Extensions';
  extension?: boolean;
  auth?: boolean;
  json?: z.ZodType;
  multipart?: Record<string, 'string' | 'binary'>;
  data?: z.ZodType;
  status?: number;
  v0?: boolean;
}

const OPS: Op[] = [
  { method: 'get', path: '/', summary: 'Health check', tag: 'Utility', auth: false },
  {
    method: 'post',
    path: '/webhook-test',
    summary: 'Test sink for webhooks',
    tag: 'Utility',
    auth: false,
    multipart: { file: 'binary' },
    status: 201,
  },
  { method: 'post', path: '/api-test', summary: 'Check an API key', tag: 'Utility', status: 201 },
  {
    method: 'post',
    path: '/v0.1/tasks/create',
    summary: 'Create a task from a description',
    tag: 'Tasks',
    json: CreateTaskRequestSchema,
    data: CreateTaskResponseSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/v0.1/tasks',
    summary: 'List tasks (archived ones left out; ?archived=true lists only those)',
    tag: 'Tasks',
    data: z.array(TaskSummarySchema),
  },
  {
    method: 'get',
    path: '/v0/tasks',
    summary: 'List tasks (v0)',
    tag: 'Tasks',
    data: z.array(TaskSummarySchema),
    v0: true,
  },
  {
    method: 'post',
    path: '/v0.1/tasks',
    summary: 'Dynamic run',
    tag: 'Tasks',
    json: DynamicRunRequestSchema,
    data: JobResultSchema,
  },
  {
    method: 'post',
    path: '/v0/tasks',
    summary: 'Dynamic run (v0 shape)',
    tag: 'Tasks',
    json: DynamicRunRequestSchema,
    data: V0DynamicResultSchema,
    v0: true,
  },
  {
    method: 'get',
    path: '/v0.1/tasks/{task_id}',
    summary: 'Get a task',
    tag: 'Tasks',
    data: TaskDetailSchema,
  },
  {
    method: 'post',
    path: '/v0.1/tasks/{task_id}',
    summary: 'Run a single job',
    tag: 'Tasks',
    json: RunTaskRequestSchema,
    data: JobResultSchema,
  },
  {
    method: 'patch',
    path: '/v0.1/tasks/{task_id}',
    summary: 'Edit a task by instruction (dry_run: preview, nothing stored)',
    tag: 'Tasks',
    json: EditTaskRequestSchema,
    data: EditTaskResponseSchema,
  },
  {
    method: 'post',
    path: '/v0.1/tasks/{task_id}/test',
    summary: 'Quick test',
    tag: 'Tasks',
    json: QuickTestRequestSchema,
    data: JobResultSchema,
  },
  {
    method: 'post',
    path: '/v0/batches/validate-data',
    summary: 'Validate a batch file',
    tag: 'Batches',
    multipart: { batch_input_data: 'binary', task_id: 'string' },
    data: z.array(ValidationReportSchema),
    v0: true,
  },
  {
    method: 'post',
    path: '/v0.1/batches',
    summary: 'Create a batch',
    tag: 'Batches',
    multipart: {
      batch_input_data: 'binary',
      task_id: 'string',
      task_version: 'string',
      batch_name: 'string',
      webhook_url: 'string',
    },
    data: CreateBatchResponseSchema,
    status: 201,
  },
  {
    method: 'post',
    path: '/v0.1/batches/{batch_id}/cancel',
    summary: 'Cancel a batch',
    tag: 'Batches',
    data: CancelBatchResponseSchema,
  },
  {
    method: 'post',
    path: '/v0/batches/{id}/cancel',
    summary: 'Cancel a batch (v0)',
    tag: 'Batches',
    data: CancelBatchResponseSchema,
    v0: true,
  },
  {
    method: 'put',
    path: '/v0.1/batches/{batch_id}',
    summary: 'Update a batch webhook',
    tag: 'Batches',
    json: UpdateBatchRequestSchema,
    data: UpdateBatchResponseSchema,
  },
  {
    method: 'get',
    path: '/v0/batches',
    summary: 'List batches',
    tag: 'Batches',
    data: z.array(BatchSummarySchema),
    v0: true,
  },
  {
    method: 'get',
    path: '/v0/batches/{id}',
    summary: 'Get a batch',
    tag: 'Batches',
    data: BatchDetailSchema,
    v0: true,
  },
  {
    method: 'get',
    path: '/v0/batches/{id}/results',
    summary: 'Batch results',
    tag: 'Batches',
    data: ResultsPayloadSchema,
    v0: true,
  },
  {
    method: 'get',
    path: '/v0.1/capabilities',
    summary: 'Which extensions this server offers',
    tag: 'Extensions',
    extension: true,
    data: CapabilitiesResponseSchema,
  },
  {
    method: 'get',
    path: '/v0.1/tasks/{task_id}/versions',
    summary: 'Version history of a task',
    tag: 'Extensions',
    extension: true,
    data: z.array(TaskVersionSchema),
  },
  {
    method: 'put',
    path: '/v0.1/tasks/{task_id}/live-version',
    summary: 'Set the live version (roll back)',
    tag: 'Extensions',
    extension: true,
    json: SetLiveVersionRequestSchema,
    data: SetLiveVersionResponseSchema,
  },
  {
    method: 'get',
    path: '/v0.1/tasks/{task_id}/saved-tests',
    summary: 'List saved test inputs',
    tag: 'Extensions',
    extension: true,
    data: z.array(SavedTestSchema),
  },
  {
    method: 'post',
    path: '/v0.1/tasks/{task_id}/saved-tests',
    summary: 'Save a test input',
    tag: 'Extensions',
    extension: true,
    json: CreateSavedTestRequestSchema,
    data: SavedTestSchema,
    status: 201,
  },
  {
    method: 'delete',
    path: '/v0.1/tasks/{task_id}/saved-tests/{test_id}',
    summary: 'Delete a saved test input',
    tag: 'Extensions',
    extension: true,
  },
  ...TASK_SHAPING_OPS,
  ...BATCH_EXTENSION_OPS,
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    tag: 'Extensions',
    extension: true,
    auth: false,
  },
];

const schema = (s: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

function envelope(data: Record<string, unknown>, v0: boolean) {
  const properties: Record<string, unknown> = {
    status: { type: 'string', enum: ['success', 'error'] },
    data,
    message: { type: 'string' },
    error: { $ref: '#/components/schemas/ErrorBody' },
  };
  if (!v0) properties.request_id = { type: 'string' };
  return { type: 'object', required: ['status', 'data', 'message'], properties };
}

function operation(op: Op) {
  const params = [...op.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const out: Record<string, unknown> = {
    summary: op.summary,
    tags: [op.tag],
    operationId: `${op.method}_${op.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}`,
    'x-quarry-extension': Boolean(op.extension),
    security: op.auth === false ? [] : [{ ApiKey: [] }],
    parameters: params,
    responses: {
      [String(op.status ?? 200)]: {
        description: 'Success',
        content: {
          'application/json': {
            schema: envelope(op.data ? schema(op.data, 'output') : { type: 'object' }, Boolean(op.v0)),
          },
        },
      },
      default: {
        description: 'Error envelope',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    },
  };
  if (op.json)
    out.requestBody = {
      required: true,
      content: { 'application/json': { schema: schema(op.json, 'input') } },
    };
  if (op.multipart) {
    const properties = Object.fromEntries(
      Object.entries(op.multipart).map(([k, t]) => [
        k,
        t === 'binary' ? { type: 'string', format: 'binary' } : { type: 'string' },
      ]),
    );
    out.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties } } },
    };
  }
  return out;
}

export function buildOpenApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPS) (paths[op.path] ??= {})[op.method] = operation(op);
  return {
    openapi: '3.0.3',
    info: {
      title: 'Quarry research task and batch API',
      version: '0.1.0',
      description:
        'The research task and batch service interface (seed endpoints) plus Quarry extensions, marked `x-quarry-extension: true`. Probe GET /v0.1/capabilities before using an extension.',
    },
    servers: serverUrl ? [{ url: serverUrl }] : [],
    tags: [
      { name: 'Tasks' },
      { name: 'Batches' },
      { name: 'Utility' },
      { name: 'Extensions', description: 'Quarry additions beyond the spec' },
    ],
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: {
        ErrorBody: { type: 'object', properties: { code: { type: 'integer' }, details: { type: 'string' } } },
        ErrorEnvelope: envelope({ type: 'object' }, false),
      },
    },
    paths,
  };
}
