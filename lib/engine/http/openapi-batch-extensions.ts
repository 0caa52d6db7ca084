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

/** How a row index (error_index, seq) maps to the row the analyst sees; said on every batch upload. */
export const ROW_NUMBERS =
  'Row numbers (extension note): error_index and seq count the data rows of the upload from 0. ' +
  'For a CSV or XLSX file the header is row 1, so the spreadsheet row is error_index + 2; a blank ' +
  'row between data rows is a row (refused with "empty row") and never shifts later numbers; blank ' +
  'rows after the last data row are not rows. For JSONL the line is error_index + 1.';

/** The extension form fields of create-batch and validate-data. */
export const COLUMN_FIELDS_TEXT =
  'Extension form fields, sent before the file: columns, a JSON object of input name → column ' +
  'header (null: none), and uuid_column, the header of the data_uuid column ("" for none: rows get ' +
  'row-<index>). Without them columns are matched by name. CSV and XLSX uploads are kept with the ' +
  'batch so downloads give their columns back.';

const DOWNLOAD_TEXT =
  'Every input row in input order, refused rows included (status "refused", the reason in error). ' +
  "CSV and XLSX: the uploaded spreadsheet's columns exactly as uploaded (an XLSX's numbers, dates " +
  'and links as typed), then data_uuid when the upload had no such column, the answers by output ' +
  'name (XLSX: numbers, dates and URLs typed by output type), status and error; with sources=true, ' +
  "then each answer's source page and confidence. A JSONL upload has data_uuid and the inputs by " +
  'name in place of the spreadsheet columns. JSONL and JSON: result rows with row_number (the ' +
  'spreadsheet row, or JSONL line) and original (the uploaded cells by header). ' +
  'The signed results file link takes the same sources parameter. ' +
  ROW_NUMBERS;

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
    description: DOWNLOAD_TEXT,
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
