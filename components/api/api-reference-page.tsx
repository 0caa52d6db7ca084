'use client';
import { BookOpen } from 'lucide-react';
import { useMemo } from 'react';
import type { OperationEntry } from '@/lib/dashboard/openapi-types';
import { useOpenApi } from '@/lib/dashboard/hooks/use-openapi';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardBody } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { OperationCard } from './operation-card';

/** Rendered from the upstream's /openapi.json, grouped by tag; extensions are marked. */
export function ApiReferencePage() {
  const { data: doc, isPending, error, refetch } = useOpenApi();
  const groups = useMemo(() => {
    const out = new Map<string, OperationEntry[]>();
    for (const [path, methods] of Object.entries(doc?.paths ?? {})) {
      for (const [method, op] of Object.entries(methods)) {
        const tag = op.tags?.[0] ?? 'Other';
        out.set(tag, [...(out.get(tag) ?? []), { method: method.toUpperCase(), path, op }]);
      }
    }
    return [...out.entries()];
  }, [doc]);

  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            Every endpoint of the upstream, from its <span className="font-mono">/openapi.json</span>. Send
            the key in the <span className="font-mono">x-api-key</span> header; the examples and the README
            read it from <span className="font-mono">$QUARRY_API_KEY</span> and the server&apos;s address from{' '}
            <span className="font-mono">$QUARRY_URL</span>.
          </>
        }
      />
      {isPending ? (
        <TableSkeleton rows={8} label="Loading the API description" />
      ) : error ? (
        <ErrorPanel error={error} onRetry={() => refetch()} />
      ) : !doc ? (
        <Card>
          <EmptyState icon={BookOpen} title="This upstream publishes no API description">
            The reference is generated from <span className="font-mono">/openapi.json</span>, a Quarry
            extension. The service interface itself still works.
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-8">
          {groups.map(([tag, ops]) => (
            <section key={tag} aria-labelledby={`tag-${tag}`}>
              <h2 id={`tag-${tag}`} className="mb-3 text-lg font-semibold">
                {tag}
              </h2>
              <Card>
                <CardBody className="divide-y divide-slate-200 p-0 dark:divide-slate-800">
                  {ops.map((e) => (
                    <OperationCard key={`${e.method} ${e.path}`} entry={e} />
                  ))}
                </CardBody>
              </Card>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
