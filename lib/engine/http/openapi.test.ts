import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from './openapi';
import { ROUTES, type RouteDef } from './routes';

// The OpenAPI document is written apart from the route table and the handlers, so this ties the three
// together: the same operations, and per operation the handler's key check, envelope version, JSON
// body schema and query schema, read from the handler's source.

type Operation = {
  security: unknown[];
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
};

const doc = buildOpenApiDocument();
const operations = Object.entries(doc.paths).flatMap(([p, byMethod]) =>
  Object.entries(byMethod).map(([method, op]) => ({
    key: `${method.toUpperCase()} ${p}`,
    op: op as Operation,
  })),
);
const routeKey = (r: RouteDef) => `${r.method} ${r.path.replace(/\[([a-z_]+)\]/g, '{$1}')}`;

const handlersDir = path.join(import.meta.dirname, 'handlers');
const handlerFiles = fs.readdirSync(handlersDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const contractDir = path.join(import.meta.dirname, '../../contract');
const contractFiles = fs.readdirSync(contractDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Each route handler's source: from `export const name = endpoint(` to the next top-level export. */
async function handlerSources(): Promise<Map<RouteDef['handler'], string>> {
  const out = new Map<RouteDef['handler'], string>();
  for (const file of handlerFiles) {
    const mod = (await import(path.join(handlersDir, file))) as Record<string, unknown>;
    const text = fs.readFileSync(path.join(handlersDir, file), 'utf8');
    for (const [name, value] of Object.entries(mod)) {
      const start = text.indexOf(`export const ${name} = `);
      if (start < 0 || typeof value !== 'function') continue;
      const next = text.indexOf('\nexport ', start + 1);
      out.set(value as RouteDef['handler'], text.slice(start, next < 0 ? undefined : next));
    }
  }
  return out;
}

/** The contract schemas by name, so a document schema can be traced to the name a handler uses. */
async function contractSchemas(): Promise<Map<string, z.ZodType>> {
  const out = new Map<string, z.ZodType>();
  for (const file of contractFiles) {
    const mod = (await import(path.join(contractDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (value instanceof z.ZodType) out.set(name, value);
  }
  return out;
}

const jsonSchema = (s: z.ZodType) =>
  z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });

describe('the OpenAPI document and the route table', () => {
  it('has exactly the routes of the table', () => {
    const documented = operations.map((o) => o.key).sort();
    expect(documented).toEqual(ROUTES.map(routeKey).sort());
    expect(new Set(documented).size).toBe(documented.length);
  });

  it("declares each route's path parameters", () => {
    for (const route of ROUTES) {
      const op = operations.find((o) => o.key === routeKey(route))!.op;
      const declared = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared, routeKey(route)).toEqual([...route.path.matchAll(/\[([a-z_]+)\]/g)].map((m) => m[1]));
    }
  });

  it('matches each handler: key check, envelope version, JSON body and query schemas', async () => {
    const sources = await handlerSources();
    const schemas = await contractSchemas();
    const schemaParams = (name: string) =>
      Object.keys((jsonSchema(schemas.get(name)!) as { properties?: object }).properties ?? {}).sort();
    for (const route of ROUTES) {
      const key = routeKey(route);
      const op = operations.find((o) => o.key === key)!.op;
      const source = sources.get(route.handler);
      expect(source, `${key}: handler found in handlers/`).toBeDefined();

      const header = /endpoint\(\s*'([^']+)',\s*\{ auth: (true|false) \}/.exec(source!);
      expect(header, `${key}: endpoint(version, { auth })`).not.toBeNull();
      const [, version, auth] = header!;
      expect(op.security.length > 0, `${key}: security`).toBe(auth === 'true');
      const expectedVersion = route.path.startsWith('/v0.1/')
        ? 'v0.1'
        : route.path.startsWith('/v0/')
          ? 'v0'
          : 'none';
      expect(version, `${key}: envelope version follows the path`).toBe(expectedVersion);
      const success = Object.entries(op.responses).find(([status]) => status !== 'default')![1];
      const envelope = success.content!['application/json']!.schema;
      expect('request_id' in (envelope.properties ?? {}), `${key}: request_id`).toBe(version === 'v0.1');

      const bodyName = /readJson(?:OrEmpty)?\(\s*\w+,\s*(\w+Schema)\)/.exec(source!)?.[1];
      const documentedBody = op.requestBody?.content['application/json']?.schema;
      if (bodyName)
        expect(documentedBody, `${key}: body ${bodyName}`).toEqual(jsonSchema(schemas.get(bodyName)!));
      else expect(documentedBody, `${key}: no JSON body`).toBeUndefined();

      const queryName = /parseWith\(\s*(\w+Schema),\s*Object\.fromEntries\(url\.searchParams\)/.exec(
        source!,
      )?.[1];
      const documentedQuery = op.parameters
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort();
      expect(documentedQuery, `${key}: query ${queryName ?? '(none)'}`).toEqual(
        queryName ? schemaParams(queryName) : [],
      );
    }
  });
});
