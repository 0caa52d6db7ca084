'use client';
import type { JsonSchema, OperationEntry } from '@/lib/dashboard/openapi-types';
import { cn } from '@/lib/dashboard/cn';
import { Badge } from '@/components/ui/badge';
import { ApiSnippet } from './api-snippet';

const METHOD_TONE: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  POST: 'bg-brand-100 text-brand-700 dark:bg-brand-700/40 dark:text-brand-100',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  PATCH: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

/** One endpoint: method, path, whether it is an extension, its request fields and a snippet. */
export function OperationCard({ entry }: { entry: OperationEntry }) {
  const { method, path, op } = entry;
  const body = op.requestBody?.content;
  const json = body?.['application/json']?.schema;
  const multipart = body?.['multipart/form-data']?.schema;
  const fields = json ?? multipart;
  return (
    <details className="group px-5 py-3">
      <summary className="flex cursor-pointer flex-wrap items-center gap-3 select-none">
        <span
          className={cn(
            'w-16 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold',
            METHOD_TONE[method],
          )}
        >
          {method}
        </span>
        <span className="font-mono text-sm">{path}</span>
        <span className="text-sm text-slate-600 dark:text-slate-400">{op.summary}</span>
        {op['x-quarry-extension'] && <Badge tone="brand">extension</Badge>}
        {op.security?.length === 0 && <Badge>no key</Badge>}
      </summary>
      <div className="mt-3 space-y-3 pl-1">
        {fields?.properties && (
          <table className="w-full text-left text-sm" aria-label={`${method} ${path} request fields`}>
            <thead>
              <tr className="text-xs text-slate-600 uppercase dark:text-slate-400">
                <th scope="col" className="py-1 pr-4 font-semibold">
                  Field
                </th>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  Type
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Required
                </th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(fields.properties).map(([name, s]) => (
                <tr key={name} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-4 font-mono text-xs">{name}</td>
                  <td className="py-1 pr-4 text-xs">{typeOf(s)}</td>
                  <td className="py-1 text-xs">{fields.required?.includes(name) ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ApiSnippet
          request={{
            method,
            path: path.replace(/\{([a-z_]+)\}/g, ':$1'),
            json: json ? exampleOf(json) : undefined,
            form: multipart?.properties
              ? Object.fromEntries(
                  Object.entries(multipart.properties).map(([k, s]) => [
                    k,
                    s.format === 'binary' ? '@inputs.jsonl' : '…',
                  ]),
                )
              : undefined,
          }}
        />
      </div>
    </details>
  );
}

function typeOf(s: JsonSchema): string {
  if (s.enum) return s.enum.map(String).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  if (s.type === 'array') return `${s.items ? typeOf(s.items) : 'any'}[]`;
  if (s.format === 'binary') return 'file';
  return Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'object');
}

function exampleOf(s: JsonSchema): unknown {
  if (s.enum) return s.enum[0];
  if (s.anyOf?.[0]) return exampleOf(s.anyOf[0]);
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, exampleOf(v)]));
    case 'array':
      return s.items ? [exampleOf(s.items)] : [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    default:
      return '…';
  }
}
