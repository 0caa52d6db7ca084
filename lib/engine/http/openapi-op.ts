import { z } from 'zod';

// One OpenAPI operation: what openapi.ts and its extension lists declare per route, and how it is
// written out. Bodies and query parameters come from the contract's zod schemas, the same ones the
// handlers parse with (openapi.test.ts checks each operation against its route and handler).

export interface Op {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The route table's path with `[param]` written `{param}`. */
  path: string;
  summary: string;
  /** Longer text: what an extension adds to an operation, and how its values are to be read. */
  description?: string;
  tag: 'Tasks' | 'Batches' | 'Utility' | 'Extensions';
  extension?: boolean;
  auth?: boolean;
  /** The JSON request body, as the handler reads it. */
  json?: z.ZodType;
  /** The query string, as the handler parses it. */
  query?: z.ZodObject;
  multipart?: Record<string, 'string' | 'binary'>;
  data?: z.ZodType;
  status?: number;
}

const schema = (s: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

/** Only v0.1 envelopes carry request_id (envelope.ts); the version is the path's first segment. */
const hasRequestId = (path: string) => path.startsWith('/v0.1/');

export function envelope(data: Record<string, unknown>, requestId: boolean) {
  const properties: Record<string, unknown> = {
    status: { type: 'string', enum: ['success', 'error'] },
    data,
    message: { type: 'string' },
    error: { $ref: '#/components/schemas/ErrorBody' },
  };
  if (requestId) properties.request_id = { type: 'string' };
  return { type: 'object', required: ['status', 'data', 'message'], properties };
}

function queryParameters(query: z.ZodObject) {
  const json = schema(query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: Boolean(json.required?.includes(name)),
    schema: s,
  }));
}

export function operation(op: Op) {
  const params: Record<string, unknown>[] = [...op.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (op.query) params.push(...queryParameters(op.query));
  const out: Record<string, unknown> = {
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
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
            schema: envelope(op.data ? schema(op.data, 'output') : { type: 'object' }, hasRequestId(op.path)),
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
    // Beside a JSON body when the operation takes either (create-monitor: a batch's rows or an upload).
    const json = (out.requestBody as { content?: object } | undefined)?.content;
    out.requestBody = {
      required: true,
      content: { ...json, 'multipart/form-data': { schema: { type: 'object', properties } } },
    };
  }
  return out;
}
