'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './hydration-safe-query';
import type { TaskVersion } from '@/lib/contract/extensions';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';

export function useTaskVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tasks.versions(id),
    queryFn: async () =>
      (await apiFetch<TaskVersion[]>(upstream(`/v0.1/tasks/${encodeURIComponent(id)}/versions`))).data,
    enabled,
  });
}

export function useSetLiveVersion(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) =>
      apiFetch<{ task_id: string; live_version: number; max_version: number }>(
        upstream(`/v0.1/tasks/${encodeURIComponent(id)}/live-version`),
        { method: 'PUT', json: { version } },
      ),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.tasks.detail(id) }),
        qc.invalidateQueries({ queryKey: queryKeys.tasks.versions(id) }),
        qc.invalidateQueries({ queryKey: queryKeys.tasks.list() }),
      ]),
  });
}
