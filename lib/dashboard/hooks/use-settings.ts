'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './hydration-safe-query';
import { apiFetch } from '../api-fetch';
import { queryKeys } from '../query-keys';
import type {
  ApiKeyInfo,
  AuditRecord,
  CreatedApiKey,
  ProviderStatus,
  UpstreamSettings,
  WebhookSecretInfo,
} from '../settings-types';

export function useUpstreamSettings() {
  return useQuery({
    queryKey: queryKeys.settings.upstream(),
    queryFn: async () => (await apiFetch<UpstreamSettings>('/api/settings/upstream')).data,
  });
}

/** Saving or resetting the upstream changes what every upstream query answers: drop them all. */
export function useSaveUpstream() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { url: string; key?: string } | null) =>
      body
        ? apiFetch<UpstreamSettings>('/api/settings/upstream', { method: 'PUT', json: body })
        : apiFetch<UpstreamSettings>('/api/settings/upstream', { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

/**
 * Refresh the key list and audit log after a change. Cancel first: an initial load still in flight
 * (no data yet) is not cancelled by invalidateQueries, which would reuse it and keep its stale answer.
 */
async function refreshKeyLists(qc: ReturnType<typeof useQueryClient>) {
  const keys = [queryKeys.settings.keys(), queryKeys.settings.audit()];
  await Promise.all(keys.map((queryKey) => qc.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useApiKeys() {
  return useQuery({
    queryKey: queryKeys.settings.keys(),
    queryFn: async () => (await apiFetch<ApiKeyInfo[]>('/api/settings/keys')).data,
  });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      apiFetch<CreatedApiKey>('/api/settings/keys', { method: 'POST', json: { name } }),
    onSuccess: () => refreshKeyLists(qc),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      apiFetch<{ id: string }>(`/api/settings/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refreshKeyLists(qc),
  });
}

export function useProviderStatus() {
  return useQuery({
    queryKey: queryKeys.settings.provider(),
    queryFn: async () => (await apiFetch<ProviderStatus>('/api/settings/provider')).data,
  });
}

export function useWebhookSecret() {
  return useQuery({
    queryKey: queryKeys.settings.webhookSecret(),
    queryFn: async () => (await apiFetch<WebhookSecretInfo>('/api/settings/webhook-secret')).data,
  });
}

export function useRotateWebhookSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => apiFetch<WebhookSecretInfo>('/api/settings/webhook-secret', { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.settings.webhookSecret() }),
        qc.invalidateQueries({ queryKey: queryKeys.settings.audit() }),
      ]),
  });
}

/** Reveal is a one-off read, not cached: the secret should not sit in the query cache. */
export async function revealWebhookSecret(): Promise<string> {
  const { data } = await apiFetch<WebhookSecretInfo>('/api/settings/webhook-secret?reveal=1');
  return data.secret ?? '';
}

/** Key and settings changes, newest first (the built-in engine's audit log). */
export function useAuditLog() {
  return useQuery({
    queryKey: queryKeys.settings.audit(),
    queryFn: async () => (await apiFetch<AuditRecord[]>('/api/settings/audit?limit=50')).data,
  });
}
