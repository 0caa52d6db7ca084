'use client';
import { Rocket } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { TaskDetail } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useCreateBatch } from '@/lib/dashboard/hooks/use-batch-actions';
import { watchBatch } from '@/lib/dashboard/watched-batches';
import type { ParseSummary } from '@/lib/dashboard/upload/parse-protocol';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';

export function LaunchStep({
  task,
  version,
  summary,
}: {
  task: TaskDetail;
  version: number | undefined;
  summary: ParseSummary;
}) {
  const [name, setName] = useState('');
  const [webhook, setWebhook] = useState('');
  const create = useCreateBatch();
  const toast = useToast();
  const router = useRouter();
  const launch = () =>
    create.mutate(
      {
        taskId: task.id,
        taskVersion: version,
        name,
        webhookUrl: webhook,
        file: summary.upload,
        filename: summary.uploadName,
        fields: summary.uploadFields,
      },
      {
        onSuccess: (b) => {
          watchBatch(b.batch_id);
          toast({
            tone: 'success',
            title: 'Batch launched',
            description: `${b.jobs_added.toLocaleString()} rows queued${b.jobs_failed_error_indexes.length ? `, ${b.jobs_failed_error_indexes.length} skipped` : ''}`,
          });
          router.push(`/batches/${encodeURIComponent(b.batch_id)}`);
        },
        onError: (err) => toast({ tone: 'error', title: 'Launch failed', description: errorMessage(err) }),
      },
    );
  return (
    <Card aria-labelledby="step-launch">
      <CardHeader id="step-launch" title="5. Launch" />
      <CardBody className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="batch-name" hint="optional">
              Batch name
            </Label>
            <Input
              id="batch-name"
              value={name}
              maxLength={200}
              placeholder={`${task.name} · ${new Date().toISOString().slice(0, 10)}`}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor="batch-webhook" hint="optional">
              Webhook URL
            </Label>
            <Input
              id="batch-webhook"
              type="url"
              value={webhook}
              placeholder="https://example.com/hooks/quarry"
              onChange={(e) => setWebhook(e.target.value)}
            />
          </div>
        </div>
        <Button onClick={launch} isLoading={create.isPending} disabled={summary.good === 0}>
          <Rocket aria-hidden className="size-4" /> Launch {summary.good.toLocaleString()} rows
        </Button>
      </CardBody>
    </Card>
  );
}
