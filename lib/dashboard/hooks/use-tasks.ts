'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './hydration-safe-query';
import type { TaskDetail } from '@/lib/contract/tasks';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';
import type { DefinitionChange, ShapedTaskSummary } from '../task-shaping-types';

export function useTaskList() {
  return useQuery({
    queryKey: queryKeys.tasks.list(),
    queryFn: async () => (await apiFetch<ShapedTaskSummary[]>(upstream('/v0.1/tasks'))).data,
  });
}

export function useTask(id: string) {
  return useQuery({
    queryKey: queryKeys.tasks.detail(id),
    queryFn: async () =>
      (await apiFetch<TaskDetail & ShapedTaskSummary>(upstream(`/v0.1/tasks/${encodeURIComponent(id)}`)))
        .data,
  });
}

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (description: string) =>
      apiFetch<{ task_id: string; name: string; message: string }>(upstream('/v0.1/tasks/create'), {
        method: 'POST',
        json: { description },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tasks.list() }),
  });
}

export function useEditTask(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (instruction: string) =>
      apiFetch<DefinitionChange>(upstream(`/v0.1/tasks/${encodeURIComponent(id)}`), {
        method: 'PATCH',
        json: { instruction },
      }),
    // An edit adds a version and moves live/max: the detail, the history and the list all change.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.tasks.detail(id) }),
        qc.invalidateQueries({ queryKey: queryKeys.tasks.versions(id) }),
        qc.invalidateQueries({ queryKey: queryKeys.tasks.list() }),
      ]),
  });
}
