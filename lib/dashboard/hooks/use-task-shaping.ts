'use client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useQuery } from './hydration-safe-query';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';
import type { DefinitionChange, DefinitionEdit, ShapedTaskSummary } from '../task-shaping-types';

// Hooks for shaping a task: previewing and applying an instruction, the field editor's structured
// edit, renaming, archiving and restoring. Every change that stores something refreshes the task's
// detail, its versions and both task lists, since name, versions and archive state show in all of them.

const taskPath = (id: string, rest = '') => upstream(`/v0.1/tasks/${encodeURIComponent(id)}${rest}`);

function refreshTask(qc: QueryClient, id: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.tasks.detail(id) }),
    qc.invalidateQueries({ queryKey: queryKeys.tasks.versions(id) }),
    qc.invalidateQueries({ queryKey: queryKeys.tasks.list() }),
    qc.invalidateQueries({ queryKey: queryKeys.tasks.archived() }),
  ]);
}

export function useArchivedTaskList(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tasks.archived(),
    queryFn: async () => (await apiFetch<ShapedTaskSummary[]>(upstream('/v0.1/tasks?archived=true'))).data,
    enabled,
  });
}

/** The planned change of an instruction, nothing stored (PATCH with dry_run). */
export function usePreviewEdit(id: string) {
  return useMutation({
    mutationFn: async (instruction: string) =>
      (
        await apiFetch<DefinitionChange>(taskPath(id), {
          method: 'PATCH',
          json: { instruction, dry_run: true },
        })
      ).data,
  });
}

/** The field editor's save: a dry run first shows the summary, the same body without it stores. */
export function useSaveDefinition(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (edit: DefinitionEdit) =>
      (await apiFetch<DefinitionChange>(taskPath(id, '/definition'), { method: 'PUT', json: edit })).data,
    onSuccess: (data) => (data.dry_run ? undefined : refreshTask(qc, id)),
  });
}

/** A name of the user's own, or null to let the name follow the fields again. */
export function useRenameTask(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string | null) =>
      (await apiFetch<ShapedTaskSummary>(taskPath(id, '/name'), { method: 'PUT', json: { name } })).data,
    onSuccess: () => refreshTask(qc, id),
  });
}

export function useArchiveTask(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'archive' | 'restore') =>
      (await apiFetch<ShapedTaskSummary>(taskPath(id, `/${action}`), { method: 'POST' })).data,
    onSuccess: () => refreshTask(qc, id),
  });
}
