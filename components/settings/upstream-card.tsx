'use client';
import { PlugZap } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useConnection } from '@/lib/dashboard/hooks/use-connection';
import { useSaveUpstream, useUpstreamSettings } from '@/lib/dashboard/hooks/use-settings';
import { formatMs } from '@/lib/dashboard/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Input, Label } from '@/components/ui/field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';

const SOURCE_LABEL = {
  'built-in': 'built-in engine',
  environment: 'from QUARRY_UPSTREAM_URL',
  settings: 'saved in settings',
} as const;

/** Upstream URL and key. The key never comes back to the browser: only a masked form is shown. */
export function UpstreamCard() {
  const { data, isPending, error } = useUpstreamSettings();
  const connection = useConnection();
  const save = useSaveUpstream();
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const [key, setKey] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { url: url ?? data?.url ?? '', key: key || undefined },
      {
        onSuccess: (r) => {
          setKey('');
          toast({
            tone: 'success',
            title: 'Upstream saved',
            // A new URL saved without a key clears the stored one (it must not follow the URL).
            description: r.data.has_key
              ? 'The key is stored encrypted on the server.'
              : 'No key is stored for this URL: enter its key and save again.',
          });
        },
        onError: (err) => toast({ tone: 'error', title: 'Could not save', description: errorMessage(err) }),
      },
    );
  };
  const testConnection = async () => {
    const r = await connection.refetch();
    if (r.data?.ok)
      toast({
        tone: 'success',
        title: 'Connection works',
        description: `${r.data.message} (${formatMs(r.data.latency_ms)})`,
      });
    else
      toast({
        tone: 'error',
        title: 'Connection failed',
        description: r.data?.message ?? errorMessage(r.error),
      });
  };

  return (
    <Card aria-labelledby="upstream-title">
      <CardHeader
        id="upstream-title"
        title="Upstream"
        description="The research service the dashboard talks to. Every request goes through this server, which adds the key."
        actions={
          data && (
            <Badge tone={data.source === 'built-in' ? 'brand' : 'neutral'}>{SOURCE_LABEL[data.source]}</Badge>
          )
        }
      />
      <CardBody>
        {isPending ? (
          <TableSkeleton rows={2} />
        ) : error ? (
          <ErrorPanel error={error} />
        ) : (
          <form onSubmit={submit} className="space-y-4">
            <div className="grid gap-4 md:grid-cols-2">
              <div>
                <Label htmlFor="upstream-url" hint={`default ${data.built_in_url}`}>
                  URL
                </Label>
                <Input
                  id="upstream-url"
                  type="url"
                  value={url ?? data.url}
                  onChange={(e) => setUrl(e.target.value)}
                />
              </div>
              <div>
                <Label htmlFor="upstream-key" hint={data.has_key ? `current ${data.key_masked}` : 'none set'}>
                  API key
                </Label>
                <Input
                  id="upstream-key"
                  type="password"
                  autoComplete="off"
                  placeholder="leave empty to keep the key (a new URL clears it)"
                  value={key}
                  onChange={(e) => setKey(e.target.value)}
                />
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Button type="submit" isLoading={save.isPending}>
                Save
              </Button>
              <Button variant="secondary" onClick={testConnection} isLoading={connection.isFetching}>
                <PlugZap aria-hidden className="size-4" /> Test connection
              </Button>
              {data.source === 'settings' && (
                <Button
                  variant="ghost"
                  onClick={() =>
                    save.mutate(null, {
                      onSuccess: () => {
                        setUrl(null);
                        toast({ tone: 'success', title: 'Back to the default upstream' });
                      },
                    })
                  }
                >
                  Reset to default
                </Button>
              )}
            </div>
            {connection.data && (
              <p
                role="status"
                data-testid="connection-message"
                className={
                  connection.data.ok
                    ? 'text-sm text-emerald-800 dark:text-emerald-300'
                    : 'text-sm text-red-700 dark:text-red-400'
                }
              >
                {connection.data.message}
              </p>
            )}
          </form>
        )}
      </CardBody>
    </Card>
  );
}
