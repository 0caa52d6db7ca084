import { z } from 'zod';
import {
  ChangesQuerySchema,
  CreateMonitorRequestSchema,
  MonitorChangeSchema,
  MonitorRunSchema,
  MonitorSchema,
  PageQuerySchema,
  UpdateMonitorRequestSchema,
} from '@/lib/contract/monitors';
import type { Op } from './openapi-op';

// OpenAPI operations of monitors (issue 32), kept apart so openapi.ts stays a readable size.

const x = { tag: 'Extensions', extension: true } as const;
const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_after: z.string().nullable() });

export const MONITOR_OPS: Op[] = [
  {
    ...x,
    method: 'post',
    path: '/v0.1/monitors',
    summary: 'Create a monitor: a sheet run on a schedule (interval, or cron in a time zone)',
    description:
      "JSON with `from_batch_id` (that batch's rows become the sheet), or multipart with the same fields " +
      '(`schedule` and `rule` JSON-encoded) and the sheet as `batch_input_data` (JSONL, CSV or XLSX). ' +
      'The first run starts at once and takes the baseline; later runs report new, changed, removed and failed rows.',
    json: CreateMonitorRequestSchema,
    multipart: {
      task_id: 'string',
      task_version: 'string',
      name: 'string',
      schedule: 'string',
      rule: 'string',
      webhook_url: 'string',
      columns: 'string',
      uuid_column: 'string',
      batch_input_data: 'binary',
    },
    data: MonitorSchema,
    status: 201,
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/monitors',
    summary: 'List monitors, newest first',
    query: PageQuerySchema,
    data: page(MonitorSchema),
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/monitors/{monitor_id}',
    summary: 'A monitor, with its next run and last change',
    data: MonitorSchema,
  },
  {
    ...x,
    method: 'patch',
    path: '/v0.1/monitors/{monitor_id}',
    summary: 'Change a monitor (name, version, schedule, rule, webhook, or its sheet from a batch)',
    json: UpdateMonitorRequestSchema,
    data: MonitorSchema,
  },
  {
    ...x,
    method: 'delete',
    path: '/v0.1/monitors/{monitor_id}',
    summary: 'Delete a monitor with its sheet and history (the batches of its runs stay)',
    data: z.object({ monitor_id: z.string(), deleted: z.literal(true) }),
  },
  {
    ...x,
    method: 'post',
    path: '/v0.1/monitors/{monitor_id}/pause',
    summary: 'Pause a monitor',
    data: MonitorSchema,
  },
  {
    ...x,
    method: 'post',
    path: '/v0.1/monitors/{monitor_id}/resume',
    summary: 'Resume a monitor (ticks missed while paused make one run)',
    data: MonitorSchema,
  },
  {
    ...x,
    method: 'post',
    path: '/v0.1/monitors/{monitor_id}/run',
    summary: 'Run now, outside the schedule (409 while a run is still going)',
    data: z.object({ run_id: z.string(), batch_id: z.string(), rows: z.number().int() }),
    status: 202,
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/monitors/{monitor_id}/runs',
    summary: "A monitor's runs, newest first",
    query: PageQuerySchema,
    data: page(MonitorRunSchema),
  },
  {
    ...x,
    method: 'get',
    path: '/v0.1/monitors/{monitor_id}/changes',
    summary: "A monitor's changes, oldest first (row × field, old → new, when)",
    query: ChangesQuerySchema,
    data: page(MonitorChangeSchema),
  },
];
