import { z } from 'zod';
import {
  BatchLinksSchema,
  BatchRowsPageSchema,
  BatchRowsQuerySchema,
  CompareQuerySchema,
  ComparisonSchema,
  DerivedBatchResponseSchema,
  DownloadQuerySchema,
  EstimateQuerySchema,
  EstimateResponseSchema,
  RerunRequestSchema,
  RetryFailedRequestSchema,
  WebhookDeliverySchema,
} from '@/lib/contract/batch-extensions';
import type { Op } from './openapi-op';

// OpenAPI operations of the batch extensions (dashboard part 2), kept apart so openapi.ts stays a
// readable size.

const x = { tag: 'Extensions', extension: true } as const;
export const BATCH_EXTENSION_OPS: Op[] = [
  {
    ...x,
    method: 'get',
    path: '/v0.1/batches/{batch_id}/events',
    summary: 'Live progress (Server-Sent Events)',
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/batches/{batch_id}/rows',
    summary: 'Rows with status (after, limit, status)',
    query: BatchRowsQuerySchema,
    data: BatchRowsPageSchema,
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/batches/{batch_id}/links',
    summary: 'Parent and child batches',
    data: BatchLinksSchema,
  },
  {
    ...x,
    method: 'post',
    path: '/v0.1/batches/{batch_id}/retry-failed',
    summary: 'Retry failed rows as a child batch',
    json: RetryFailedRequestSchema,
    data: DerivedBatchResponseSchema,
    status: 201,
  },
  {
    ...x,
    method: 'post',
    path: '/v0.1/batches/{batch_id}/rerun',
    summary: 'Re-run on another task version',
    json: RerunRequestSchema,
    data: DerivedBatchResponseSchema,
    status: 201,
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/batches/{batch_id}/compare',
    summary: 'Per-field comparison with another batch (with)',
    query: CompareQuerySchema,
    data: ComparisonSchema,
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/batches/{batch_id}/webhook-deliveries',
    summary: 'Webhook delivery log',
    data: z.array(WebhookDeliverySchema),
  },
  {
    ...x,
    method: 'post',
    path: '/v0.1/batches/{batch_id}/webhook-deliveries/{delivery_id}/redeliver',
    summary: 'Send a delivery again',
    data: WebhookDeliverySchema,
    status: 202,
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/batches/{batch_id}/download',
    summary: 'Download rows so far (format csv, xlsx, jsonl, json)',
    query: DownloadQuerySchema,
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/batch-estimate',
    summary: 'Estimated start and finish of a batch of n rows',
    query: EstimateQuerySchema,
    data: EstimateResponseSchema,
  },
];
