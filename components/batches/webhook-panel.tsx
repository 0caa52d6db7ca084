'use client';
import { RotateCw, Send, Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { BatchDetail } from '@/lib/contract/batches';
import { errorMessage } from '@/lib/dashboard/api-error';
import { formatDateTime, formatMs } from '@/lib/dashboard/format';
import { useRedeliver, useResendResults, useUpdateWebhook } from '@/lib/dashboard/hooks/use-batch-actions';
import { useWebhookDeliveries } from '@/lib/dashboard/hooks/use-webhook-deliveries';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Input, Label } from '@/components/ui/field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';

/** Edit or clear the batch's webhook address, and the delivery log with redelivery. */
export function WebhookPanel({ batch, hasLog }: { batch: BatchDetail; hasLog: boolean }) {
  const [url, setUrl] = useState(batch.webhook_url ?? '');
  const update = useUpdateWebhook(batch.batch_id);
  const resend = useResendResults(batch.batch_id);
  const toast = useToast();
  const save = (value: string) =>
    update.mutate(value, {
      onSuccess: ({ data, message }) => {
        setUrl(data.webhook_url);
        toast({ tone: 'success', title: message });
      },
      onError: (err) =>
        toast({ tone: 'error', title: 'Could not save the webhook', description: errorMessage(err) }),
    });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save(url.trim());
  };
  const current = batch.webhook_url ?? '';
  return (
    <div className="space-y-5">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-72 flex-1">
          <Label htmlFor="webhook-url" hint={current ? `now ${current}` : 'none set'}>
            Webhook URL
          </Label>
          <Input
            id="webhook-url"
            type="url"
            value={url}
            placeholder="https://example.com/hooks/quarry"
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <Button type="submit" isLoading={update.isPending && update.variables !== ''} disabled={!url.trim()}>
          Save webhook
        </Button>
        <Button
          variant="secondary"
          onClick={() => save('')}
          disabled={!current}
          isLoading={update.isPending && update.variables === ''}
        >
          Clear
        </Button>
        <Button
          variant="secondary"
          disabled={!current || !batch.completed}
          isLoading={resend.isPending}
          title={batch.completed ? undefined : 'Available once the batch has finished'}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: ({ message }) => toast({ tone: 'success', title: message }),
              onError: (err) =>
                toast({ tone: 'error', title: 'Could not send', description: errorMessage(err) }),
            })
          }
        >
          <Send aria-hidden className="size-4" /> Send results now
        </Button>
      </form>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        On completion the results are POSTed in parts of up to 1,000 rows, signed with Standard Webhooks
        headers (webhook-id, webhook-timestamp, webhook-signature).
      </p>
      {hasLog && <DeliveryLog batchId={batch.batch_id} />}
    </div>
  );
}

function DeliveryLog({ batchId }: { batchId: string }) {
  const q = useWebhookDeliveries(batchId, true);
  const redeliver = useRedeliver(batchId);
  const toast = useToast();
  if (q.isPending) return <TableSkeleton rows={2} label="Loading deliveries" />;
  if (q.error) return <ErrorPanel error={q.error} onRetry={() => q.refetch()} />;
  if (q.data.length === 0)
    return (
      <EmptyState icon={Webhook} title="No deliveries yet">
        Deliveries appear here when the batch finishes with a webhook address, or when you send results now.
      </EmptyState>
    );
  return (
    <Table label="Webhook deliveries" className="rounded border border-slate-200 dark:border-slate-800">
      <thead>
        <tr>
          <Th>Sent to</Th>
          <Th>Part</Th>
          <Th>State</Th>
          <Th>Attempts</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {q.data.map((d) => (
          <tr key={d.delivery_id} data-testid="delivery-row">
            <Td className="max-w-56 font-mono text-xs break-all">{d.url}</Td>
            <Td>
              {d.part}/{d.parts}
            </Td>
            <Td>
              <Badge tone={d.state === 'delivered' ? 'success' : d.state === 'failed' ? 'danger' : 'neutral'}>
                {d.state}
              </Badge>
            </Td>
            <Td>
              <ul className="space-y-1 text-xs">
                {d.attempts.map((a, i) => (
                  <li key={i} className="flex flex-wrap gap-x-2">
                    <span className="whitespace-nowrap">{formatDateTime(a.attempted_at)}</span>
                    <span className="font-mono font-semibold" data-testid="attempt-status">
                      {a.status_code ?? 'no response'}
                    </span>
                    <span>{formatMs(a.duration_ms)}</span>
                    <span
                      className="max-w-64 truncate text-slate-600 dark:text-slate-400"
                      title={a.response_excerpt ?? a.error ?? ''}
                    >
                      {a.response_excerpt ?? a.error ?? ''}
                    </span>
                  </li>
                ))}
              </ul>
            </Td>
            <Td className="text-right">
              <Button
                size="sm"
                variant="secondary"
                disabled={d.state === 'delivering'}
                onClick={() =>
                  redeliver.mutate(d.delivery_id, {
                    onSuccess: () => toast({ tone: 'success', title: 'Redelivery queued' }),
                    onError: (err) =>
                      toast({ tone: 'error', title: 'Redeliver failed', description: errorMessage(err) }),
                  })
                }
              >
                <RotateCw aria-hidden className="size-3.5" /> Redeliver
              </Button>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
