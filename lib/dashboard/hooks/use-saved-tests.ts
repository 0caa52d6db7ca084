'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './hydration-safe-query';
import type { SavedTest } from '@/lib/contract/extensions';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';

const base = (id: string) => upstream(`/v0.1/tasks/${encodeURIComponent(id)}/saved-tests`);

export function useSavedTests(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tasks.savedTests(id),
    queryFn: async () => (await apiFetch<SavedTest[]>(base(id))).data,
    enabled,
  });
}

export function useAddSavedTest(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { inputs: string[]; label?: string }) =>
      apiFetch<SavedTest>(base(id), { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tasks.savedTests(id) }),
  });
}

export function useDeleteSavedTest(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (testId: string) =>
      apiFetch<{ id: string }>(`${base(id)}/${encodeURIComponent(testId)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tasks.savedTests(id) }),
  });
}
