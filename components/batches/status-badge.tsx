import type { BatchDetail, BatchSummary } from '@/lib/contract/batches';
import { Badge } from '@/components/ui/badge';

export function BatchStatusBadge({
  batch,
}: {
  batch: BatchSummary & Partial<Pick<BatchDetail, 'job_status'>>;
}) {
  const s = batch.job_status ?? (batch.cancelled ? 'CANCELLED' : batch.completed ? 'COMPLETED' : 'RUNNING');
  const tone =
    s === 'COMPLETED'
      ? 'success'
      : s === 'CANCELLED' || s === 'CANCELLING'
        ? 'danger'
        : s === 'QUEUED'
          ? 'neutral'
          : 'brand';
  return (
    <Badge tone={tone} className="uppercase">
      {s.toLowerCase()}
    </Badge>
  );
}
