'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBatchResponse, BatchDetail } from '@/lib/contract/batches';
import type { DerivedBatchResponse, WebhookDelivery } from '@/lib/contract/batch-extensions';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';

// Batch mutations. Each invalidates exactly what it changed: the batch's detail (counts, webhook),
// its rows, the lists, and for derived batches the parent's links.

const enc = encodeURIComponent;

export interface NewBatchInput {
  taskId: string;
  taskVersion?: number;
  name: string;
  webhookUrl: string;
  /** The file as chosen; `fields` name the columns the analyst mapped (read by the engine alike). */
  file: Blob;
  filename: string;
  fields?: Record<string, string>;
}

function batchForm(b: NewBatchInput): FormData {
  const form = new FormData();
  form.set('task_id', b.taskId);
  if (b.taskVersion) form.set('task_version', String(b.taskVersion));
  if (b.name.trim()) form.set('batch_name', b.name.trim());
  if (b.webhookUrl.trim()) form.set('webhook_url', b.webhookUrl.trim());
  // Before the file: the engine then reads the rows while they arrive, with these columns.
  for (const [k, v] of Object.entries(b.fields ?? {})) form.set(k, v);
  form.set('batch_input_data', b.file, b.filename);
  return form;
}

export function useCreateBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: NewBatchInput) =>
      (await apiFetch<CreateBatchResponse>(upstream('/v0.1/batches'), { method: 'POST', body: batchForm(b) }))
        .data,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.batches.lists() }),
  });
}

export interface ValidationEntry {
  job_count: number;
  job_improper_format_count: number;
  job_improper_format: { error_index: number; error_message: string }[];
}

export function useValidateData() {
  return useMutation({
    mutationFn: async (b: Pick<NewBatchInput, 'taskId' | 'file' | 'filename' | 'fields'>) => {
      const form = new FormData();
      form.set('task_id', b.taskId);
      for (const [k, v] of Object.entries(b.fields ?? {})) form.set(k, v);
      form.set('batch_input_data', b.file, b.filename);
      const { data } = await apiFetch<ValidationEntry[]>(upstream('/v0/batches/validate-data'), {
        method: 'POST',
        body: form,
      });
      return data[0] ?? { job_count: 0, job_improper_format_count: 0, job_improper_format: [] };
    },
  });
}

/**
 * `onCancelled` is a hook-level callback on purpose: the cancel button disappears as soon as the
 * batch reads as cancelled, and per-call callbacks of an unmounted component never fire.
 */
export function useCancelBatch(id: string, onCancelled?: (r: { jobs_removed: number }) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiFetch<{ batch_id: string; cancelled: boolean; jobs_removed: number }>(
          upstream(`/v0.1/batches/${enc(id)}/cancel`),
          { method: 'POST' },
        )
      ).data,
    onSuccess: (r) => {
      onCancelled?.(r);
      return Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.batches.detail(id) }),
        qc.invalidateQueries({ queryKey: [...queryKeys.batches.all, 'rows', id] }),
        qc.invalidateQueries({ queryKey: queryKeys.batches.lists() }),
      ]);
    },
  });
}

export function useUpdateWebhook(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (webhookUrl: string) =>
      apiFetch<{ webhook_url: string }>(upstream(`/v0.1/batches/${enc(id)}`), {
        method: 'PUT',
        json: { webhook_url: webhookUrl },
      }),
    onSuccess: ({ data }) => {
      qc.setQueryData<BatchDetail>(queryKeys.batches.detail(id), (b) =>
        b ? { ...b, webhook_url: data.webhook_url } : b,
      );
      return qc.invalidateQueries({ queryKey: queryKeys.batches.detail(id) });
    },
  });
}

export function useResendResults(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      apiFetch<{ parts: number; webhook_url: string }>(
        upstream(`/v0/batches/${enc(id)}/results?output_type=webhook`),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.batches.deliveries(id) }),
  });
}

export function useRedeliver(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      (
        await apiFetch<WebhookDelivery>(
          upstream(`/v0.1/batches/${enc(id)}/webhook-deliveries/${enc(deliveryId)}/redeliver`),
          { method: 'POST' },
        )
      ).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.batches.deliveries(id) }),
  });
}

function useDerive(id: string, path: 'retry-failed' | 'rerun') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (
        await apiFetch<DerivedBatchResponse>(upstream(`/v0.1/batches/${enc(id)}/${path}`), {
          method: 'POST',
          json: body,
        })
      ).data,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.batches.links(id) }),
        qc.invalidateQueries({ queryKey: queryKeys.batches.lists() }),
      ]),
  });
}

export const useRetryFailed = (id: string) => useDerive(id, 'retry-failed');
export const useRerun = (id: string) => useDerive(id, 'rerun');
