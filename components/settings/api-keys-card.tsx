'use client';
import { KeyRound, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { formatDateTime } from '@/lib/dashboard/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@/lib/dashboard/hooks/use-settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CodeBlock } from '@/components/ui/code-block';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Input, Label } from '@/components/ui/field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';

/** The built-in engine's API keys: create (shown once), list, revoke. */
export function ApiKeysCard() {
  const { data: keys, isPending, error, refetch } = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const toast = useToast();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: ({ data }) => {
        setCreated({ name: data.name, key: data.key });
        setName('');
      },
      onError: (err) =>
        toast({ tone: 'error', title: 'Could not create the key', description: errorMessage(err) }),
    });
  };

  return (
    <Card aria-labelledby="keys-title">
      <CardHeader
        id="keys-title"
        title="API keys of the built-in engine"
        description="Keys are stored hashed: a new key is shown once, right after you create it."
      />
      <CardBody className="space-y-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="w-72">
            <Label htmlFor="key-name">New key name</Label>
            <Input
              id="key-name"
              placeholder="e.g. nightly import job"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              required
            />
          </div>
          <Button type="submit" isLoading={create.isPending} disabled={!name.trim()}>
            <Plus aria-hidden className="size-4" /> Create key
          </Button>
        </form>
        {created && (
          <div
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40"
          >
            <p className="mb-2 text-sm font-medium text-amber-900 dark:text-amber-100">
              Copy the key “{created.name}” now — it will not be shown again.
            </p>
            <CodeBlock code={created.key} label="New API key" />
            <Button size="sm" variant="ghost" className="mt-2" onClick={() => setCreated(null)}>
              I have copied it
            </Button>
          </div>
        )}
        {isPending ? (
          <TableSkeleton rows={2} label="Loading keys" />
        ) : error ? (
          <ErrorPanel error={error} onRetry={() => refetch()} />
        ) : keys.length === 0 ? (
          <EmptyState icon={KeyRound} title="No keys">
            Create a key for each program that calls the API.
          </EmptyState>
        ) : (
          <Table label="API keys" className="rounded-md border border-slate-200 dark:border-slate-800">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Id</Th>
                <Th>Created</Th>
                <Th>Status</Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} data-testid="api-key-row">
                  <Td className="font-medium">
                    {k.name} {k.used_by_dashboard && <Badge tone="brand">used by the dashboard</Badge>}
                  </Td>
                  <Td className="font-mono text-xs">{k.id}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(k.created_at)}</Td>
                  <Td>
                    {k.revoked_at ? (
                      <Badge tone="danger">revoked</Badge>
                    ) : (
                      <Badge tone="success">active</Badge>
                    )}
                  </Td>
                  <Td className="text-right">
                    {!k.revoked_at && !k.used_by_dashboard && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Revoke key ${k.name}`}
                        isLoading={revoke.isPending && revoke.variables === k.id}
                        onClick={() => {
                          if (!window.confirm(`Revoke “${k.name}”? Programs using it stop working at once.`))
                            return;
                          revoke.mutate(k.id, {
                            onSuccess: () => toast({ tone: 'success', title: `Revoked “${k.name}”` }),
                            onError: (err) =>
                              toast({
                                tone: 'error',
                                title: 'Could not revoke',
                                description: errorMessage(err),
                              }),
                          });
                        }}
                      >
                        Revoke
                      </Button>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </CardBody>
    </Card>
  );
}
