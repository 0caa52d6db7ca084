'use client';
import { Cpu } from 'lucide-react';
import { useProviderStatus } from '@/lib/dashboard/hooks/use-settings';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Skeleton } from '@/components/ui/skeleton';

export function ProviderCard() {
  const { data, isPending, error } = useProviderStatus();
  return (
    <Card aria-labelledby="provider-title">
      <CardHeader
        id="provider-title"
        title="Model provider"
        description="What answers the queries in the built-in engine (set by environment variables)."
      />
      <CardBody>
        {isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : error ? (
          <ErrorPanel error={error} />
        ) : data.mode === 'offline' ? (
          <div className="flex items-start gap-3 text-sm">
            <Cpu aria-hidden className="mt-0.5 size-5 text-slate-500" />
            <div>
              <p className="font-medium">
                Offline extractor <Badge>no model</Badge>
              </p>
              <p className="mt-1 text-slate-600 dark:text-slate-400">
                Answers come from page metadata, patterns and passage search. Set QUARRY_LLM_PROVIDER and
                QUARRY_LLM_MODEL to use a language model.
              </p>
            </div>
          </div>
        ) : (
          <dl className="grid grid-cols-[8rem_1fr] gap-y-1.5 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">Provider</dt>
            <dd className="font-medium">{data.provider}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Model</dt>
            <dd className="font-mono text-xs">{data.model}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Turbo model</dt>
            <dd className="font-mono text-xs">{data.turbo_model}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Provider key</dt>
            <dd>
              {data.has_api_key ? (
                <Badge tone="success">configured</Badge>
              ) : (
                <Badge tone="danger">missing</Badge>
              )}
            </dd>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
